package tools

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestDownload(t *testing.T) {
	t.Parallel()
	srv := webServer(t)
	te := newToolEnv(t)
	te.FetchBaseURL = srv.URL + "/replay/"
	target := filepath.Join(te.root, "example.txt")
	res := te.run(t, "download", jsonArgs{"url": "https://example-files.online-convert.com/document/txt/example.txt", "file_path": target})
	if res.IsError || !strings.Contains(res.Content, "14 bytes") {
		t.Fatalf("download: %+v", res)
	}
	if got := te.read(t, "example.txt"); got != "TXT test file\n" {
		t.Errorf("file = %q", got)
	}
	reqs := te.asker.asked()
	if len(reqs) != 1 || reqs[0].Action != "network" || reqs[0].Path != target || reqs[0].OutsideProject {
		t.Errorf("requests = %+v", reqs)
	}
	if len(te.watcher.changed) != 1 {
		t.Errorf("watcher not told: %v", te.watcher.changed)
	}
}

func TestDownloadErrors(t *testing.T) {
	t.Parallel()
	srv := webServer(t)
	tests := []struct {
		name     string
		args     jsonArgs
		contains string
	}{
		{"404", jsonArgs{"url": srv.URL + "/missing", "file_path": "x.txt"}, "404"},
		{"directory", jsonArgs{"url": srv.URL + "/data.json", "file_path": "."}, "is a directory"},
		{"bad scheme", jsonArgs{"url": "ftp://host/x", "file_path": "x.txt"}, "only http and https"},
		{"empty path", jsonArgs{"url": srv.URL + "/data.json", "file_path": ""}, "file_path is empty"},
		{"timeout", jsonArgs{"url": srv.URL + "/slow", "file_path": "x.txt", "timeout": 1}, "could not download"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			te := newToolEnv(t)
			res := te.run(t, "download", tt.args)
			if !res.IsError || !strings.Contains(res.Content, tt.contains) {
				t.Errorf("result = %+v, want error with %q", res, tt.contains)
			}
			if _, err := os.Stat(filepath.Join(te.root, "x.txt")); err == nil {
				t.Error("a failed download left a file")
			}
		})
	}
}

func TestDownloadOutsideAsksWrite(t *testing.T) {
	t.Parallel()
	srv := webServer(t)
	te := newToolEnv(t)
	target := filepath.Join(te.outside, "d.json")
	res := te.run(t, "download", jsonArgs{"url": srv.URL + "/data.json", "file_path": target})
	if res.IsError {
		t.Fatal(res.Content)
	}
	reqs := te.asker.asked()
	if len(reqs) != 2 || reqs[0].Action != "write" || !reqs[0].OutsideProject || reqs[1].Action != "network" {
		t.Errorf("requests = %+v", reqs)
	}
	te.asker.deny = true
	res = te.run(t, "download", jsonArgs{"url": srv.URL + "/data.json", "file_path": filepath.Join(te.outside, "e.json")})
	if !res.Denied {
		t.Errorf("denied download: %+v", res)
	}
	if _, err := os.Stat(filepath.Join(te.outside, "e.json")); err == nil {
		t.Error("denied download wrote a file")
	}
}

func TestDownloadSizeCap(t *testing.T) {
	t.Parallel()
	srv := webServer(t)
	te := newToolEnv(t)
	te.write(t, "keep.json", "old")
	reg := NewRegistry(Builtins(te.Env)...)
	reg.Add(&downloadTool{env: te.Env, schema: SchemaFor[downloadParams](), maxBytes: 4})
	res := runOn(t, reg, "download", jsonArgs{"url": srv.URL + "/data.json", "file_path": "keep.json"})
	if !res.IsError || !strings.Contains(res.Content, "larger than the 4 byte limit") {
		t.Errorf("over the cap: %+v", res)
	}
	if got := te.read(t, "keep.json"); got != "old" {
		t.Errorf("file = %q, want it untouched", got)
	}
}

func TestDownloadRecordedForUndo(t *testing.T) {
	t.Parallel()
	srv := webServer(t)
	te := newToolEnv(t)
	te.FetchBaseURL = srv.URL + "/replay/"
	const url = "https://example-files.online-convert.com/document/txt/example.txt"
	fresh := filepath.Join(te.root, "new.txt")
	replaced := filepath.Join(te.root, "old.txt")
	if err := os.WriteFile(replaced, []byte("old content\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, target := range []string{fresh, replaced} {
		if res := te.run(t, "download", jsonArgs{"url": url, "file_path": target}); res.IsError {
			t.Fatalf("download: %+v", res)
		}
	}
	saved := te.files.saved()
	if len(saved) != 2 {
		t.Fatalf("saved changes = %+v, want one per download", saved)
	}
	if saved[0].Path != fresh || saved[0].Before != nil || string(saved[0].After) != "TXT test file\n" {
		t.Errorf("new file change = %+v, want absent before and the download after", saved[0])
	}
	if saved[1].Path != replaced || string(saved[1].Before) != "old content\n" || string(saved[1].After) != "TXT test file\n" {
		t.Errorf("replaced file change = %+v", saved[1])
	}
}
