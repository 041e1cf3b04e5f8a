package e2e

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
)

// savedAt finds the artifact path a cut tool result names.
var savedAt = regexp.MustCompile(`is saved at (\S+?)\. Read it`)

// artifactOf returns the artifact named in the result of call id in req.
func artifactOf(t testing.TB, req *chatRequest, id string) string {
	t.Helper()
	res, ok := req.Body.toolResult(id)
	if !ok {
		t.Errorf("no result for %s", id)
		return ""
	}
	m := savedAt.FindStringSubmatch(res.Text())
	if m == nil {
		t.Errorf("result of %s names no saved output:\n%s", id, res.Text()[max(0, len(res.Text())-800):])
		return ""
	}
	return m[1]
}

// bashConfig is a chat-server config that lets bash run seq and head
// without asking (hone run asks nobody: everything else is denied).
func bashConfig(url string, options map[string]any) map[string]any {
	cfg := serverConfig(url)
	cfg["permissions"] = map[string]any{"allow": []string{"bash(seq *)", "bash(head *)"}}
	if options != nil {
		cfg["options"] = options
	}
	return cfg
}

func TestRunKeeps50MBOfBashOutputAndReadsItInPieces(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	var mu sync.Mutex
	var path string
	srv := newChatServer(t, func(n int, req *chatRequest) reply {
		switch n {
		case 0: // about 56 MB, seven million lines
			return reply{calls: []call{{id: "call_bash", name: "bash", args: `{"command":"seq 1 7000000"}`}}}
		case 1:
			p := artifactOf(t, req, "call_bash")
			mu.Lock()
			path = p
			mu.Unlock()
			view, _ := json.Marshal(map[string]any{"file_path": p, "offset": 6_500_000, "limit": 3})
			head, _ := json.Marshal(map[string]any{"file_path": p, "offset": 14_999, "limit": 2})
			grep, _ := json.Marshal(map[string]any{"pattern": "^4242424$", "path": p})
			return reply{calls: []call{
				{id: "call_view", name: "view", args: string(view)},
				{id: "call_head", name: "view", args: string(head)},
				{id: "call_grep", name: "grep", args: string(grep)},
			}}
		}
		return reply{text: "Read it all."}
	})
	e.useConfig(bashConfig(srv.URL(), nil))
	r := e.hone("run", "count to seven million")
	if r.code != 0 {
		t.Fatalf("want exit 0, got %s", r)
	}
	mains := srv.MainRequests()
	if len(mains) != 3 {
		t.Fatalf("want 3 main requests, got %d", len(mains))
	}
	bash, _ := mains[1].Body.toolResult("call_bash")
	if len(bash.Text()) > 40_000 {
		t.Errorf("the bash result sent to the model has %d bytes", len(bash.Text()))
	}
	mustContain(t, "bash result", bash.Text(), "7000000 lines", "bytes of output omitted")
	for id, want := range map[string]string{
		"call_view": "6500001|6500001\n6500002|6500002\n6500003|6500003\n",
		"call_head": "15000|15000\n 15001|15001\n",
		"call_grep": "4242424: 4242424",
	} {
		res, _ := mains[2].Body.toolResult(id)
		mustContain(t, id+" result", res.Text(), want)
		if strings.Contains(strings.ToLower(res.Text()), "denied") {
			t.Errorf("%s was denied: reading the session's own output must not ask", id)
		}
	}
	mu.Lock()
	defer mu.Unlock()
	fi, err := os.Stat(path)
	if err != nil || fi.Size() < 50<<20 {
		t.Fatalf("saved output %s: %v, %v", path, fi, err)
	}
	if !strings.HasPrefix(path, filepath.Join(e.data, "artifacts")+string(filepath.Separator)) {
		t.Errorf("saved output %s is not in the data directory %s", path, e.data)
	}
}

func TestRunArtifactQuotaDropsOldestAndSessionRmRemovesThem(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	var mu sync.Mutex
	var first, second string
	srv := newChatServer(t, func(n int, req *chatRequest) reply {
		switch n {
		case 0:
			return reply{calls: []call{{id: "call_1", name: "bash", args: `{"command":"seq 1 100000"}`}}} // 589 kB
		case 1:
			mu.Lock()
			first = artifactOf(t, req, "call_1")
			mu.Unlock()
			return reply{calls: []call{{id: "call_2", name: "bash", args: `{"command":"seq 100001 200000"}`}}} // 700 kB
		case 2:
			mu.Lock()
			second = artifactOf(t, req, "call_2")
			p := first
			mu.Unlock()
			args, _ := json.Marshal(map[string]any{"file_path": p})
			return reply{calls: []call{{id: "call_old", name: "view", args: string(args)}}}
		}
		return reply{text: "Done."}
	})
	e.useConfig(bashConfig(srv.URL(), map[string]any{"artifact_quota_mb": 1}))
	if r := e.hone("run", "two big outputs"); r.code != 0 {
		t.Fatalf("want exit 0, got %s", r)
	}
	mains := srv.MainRequests()
	if len(mains) != 4 {
		t.Fatalf("want 4 main requests, got %d", len(mains))
	}
	res, _ := mains[2].Body.toolResult("call_2")
	mu.Lock()
	mustContain(t, "second result", res.Text(), "older saved outputs were deleted: "+first)
	mu.Unlock()
	old, _ := mains[3].Body.toolResult("call_old")
	mustContain(t, "view of the dropped output", old.Text(), "no longer exists", "quota (1.0 MiB)")

	ids := e.sessionIDs()
	if len(ids) != 1 {
		t.Fatalf("sessions: %v", ids)
	}
	out := e.mustRun(0, "sessions", "export", "-f", "json", "--artifacts", ids[0])
	var doc struct {
		Artifacts []struct{ Path, Content string }
	}
	if err := json.Unmarshal([]byte(out.stdout), &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Artifacts) != 1 || doc.Artifacts[0].Path != second || !strings.HasSuffix(doc.Artifacts[0].Content, "\n200000\n") {
		t.Fatalf("export --artifacts has %d artifacts", len(doc.Artifacts))
	}
	plain := e.mustRun(0, "sessions", "export", "-f", "json", ids[0])
	if strings.Contains(plain.stdout, `"artifacts"`) {
		t.Error("export without --artifacts includes them")
	}
	e.mustRun(0, "sessions", "rm", "-y", ids[0])
	if fileExists(filepath.Dir(second)) {
		t.Errorf("sessions rm left %s", filepath.Dir(second))
	}
}
