package remote_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"iter"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/llm/llmtest"
	"github.com/honecode/hone/internal/llm/remote"
)

const (
	helperArg = "__remote-helper" // this binary serves testBuild
	hostArg   = "__remote-host"   // this binary runs a Host and prints its helper's pid
)

func TestMain(m *testing.M) {
	if len(os.Args) == 2 {
		switch os.Args[1] {
		case helperArg:
			if err := remote.Serve(context.Background(), os.Stdin, os.Stdout, testBuild); err != nil {
				fmt.Fprintln(os.Stderr, err)
				os.Exit(1)
			}
			os.Exit(0)
		case hostArg:
			runHost()
		}
	}
	os.Exit(m.Run())
}

// testBuild serves three providers: "echo" GETs its base URL through hc
// and yields the body as text, "pid" yields the helper's pid, "crash"
// writes to stderr and exits.
func testBuild(spec remote.Spec, hc *http.Client) (llm.Provider, error) {
	switch spec.Type {
	case "echo":
		return llm.ProviderFunc(func(ctx context.Context, _ *llm.Request) iter.Seq2[llm.Event, error] {
			return func(yield func(llm.Event, error) bool) {
				req, _ := http.NewRequestWithContext(ctx, http.MethodGet, spec.BaseURL, nil)
				resp, err := hc.Do(req)
				if err != nil {
					yield(llm.Event{}, llm.TransportError(ctx, err))
					return
				}
				defer resp.Body.Close()
				b, err := io.ReadAll(resp.Body)
				if err != nil {
					yield(llm.Event{}, llm.TransportError(ctx, err))
					return
				}
				_ = yield(llm.Event{Type: llm.EventTextDelta, Text: string(b)}, nil) &&
					yield(llm.Event{Type: llm.EventFinish, Reason: llm.FinishStop}, nil)
			}
		}), nil
	case "late":
		// Answers, then sends a request after its reader has stopped,
		// ignoring the cancel.
		return llm.ProviderFunc(func(ctx context.Context, _ *llm.Request) iter.Seq2[llm.Event, error] {
			return func(yield func(llm.Event, error) bool) {
				yield(llm.Event{Type: llm.EventTextDelta, Text: "first"}, nil)
				<-ctx.Done()
				req, _ := http.NewRequestWithContext(context.WithoutCancel(ctx), http.MethodGet, spec.BaseURL, nil)
				if resp, err := hc.Do(req); err == nil {
					resp.Body.Close()
				}
			}
		}), nil
	case "pid":
		return llm.ProviderFunc(func(context.Context, *llm.Request) iter.Seq2[llm.Event, error] {
			return func(yield func(llm.Event, error) bool) {
				yield(llm.Event{Type: llm.EventTextDelta, Text: strconv.Itoa(os.Getpid())}, nil)
			}
		}), nil
	case "crash":
		return llm.ProviderFunc(func(context.Context, *llm.Request) iter.Seq2[llm.Event, error] {
			return func(func(llm.Event, error) bool) {
				fmt.Fprintln(os.Stderr, "helper: out of luck")
				os.Exit(3)
			}
		}), nil
	}
	return nil, fmt.Errorf("no provider of type %q", spec.Type)
}

// runHost starts a helper, prints its pid, and waits to be killed.
func runHost() {
	h := remote.NewHost([]string{os.Args[0], helperArg}, nil)
	r := llmtest.Collect(context.Background(), h.Provider(remote.Spec{Type: "pid"}, http.DefaultClient), &llm.Request{})
	if r.Err != nil || len(r.Events) == 0 {
		fmt.Println("error", r.Err)
		os.Exit(1)
	}
	fmt.Println(r.Events[0].Text)
	time.Sleep(time.Minute)
	os.Exit(0)
}

func newHost(t *testing.T) *remote.Host {
	h := remote.NewHost([]string{os.Args[0], helperArg}, nil)
	t.Cleanup(func() { _ = h.Close() })
	return h
}

func helperPid(t *testing.T, h *remote.Host) int {
	t.Helper()
	r := llmtest.Collect(t.Context(), h.Provider(remote.Spec{Type: "pid"}, http.DefaultClient), &llm.Request{})
	if r.Err != nil || len(r.Events) != 1 {
		t.Fatalf("pid call: %v %v", r.Events, r.Err)
	}
	pid, err := strconv.Atoi(r.Events[0].Text)
	if err != nil {
		t.Fatal(err)
	}
	return pid
}

// gone waits up to five seconds for process pid to end.
func gone(pid int) bool {
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		if err := syscall.Kill(pid, 0); errors.Is(err, syscall.ESRCH) {
			return true
		}
	}
	return false
}

func TestRequestsGoThroughTheHostsClient(t *testing.T) {
	t.Parallel()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.WriteString(w, "via "+r.Header.Get("X-Host-Client"))
	}))
	t.Cleanup(srv.Close)
	hc := &http.Client{Transport: headerTransport{}}
	r := llmtest.Collect(t.Context(), newHost(t).Provider(remote.Spec{Type: "echo", BaseURL: srv.URL}, hc), &llm.Request{})
	if r.Err != nil || len(r.Events) != 2 || r.Events[0].Text != "via hone" {
		t.Fatalf("events %+v, error %v; want the body sent through the host's client", r.Events, r.Err)
	}
}

// headerTransport marks the requests it carries.
type headerTransport struct{}

func (headerTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	req = req.Clone(req.Context())
	req.Header.Set("X-Host-Client", "hone")
	return http.DefaultTransport.RoundTrip(req)
}

func TestMissingHelperSaysHowToInstallIt(t *testing.T) {
	t.Parallel()
	h := remote.NewHost(nil, errors.New("gemini runs in hone-gemini: install it next to hone"))
	r := llmtest.Collect(t.Context(), h.Provider(remote.Spec{Type: "echo", Name: "g"}, http.DefaultClient), &llm.Request{})
	var e *llm.Error
	if !errors.As(r.Err, &e) || e.Kind != llm.KindBadRequest || e.Provider != "g" || !strings.Contains(e.Error(), "install it next to hone") {
		t.Fatalf("error %v; want a bad-request error of provider g saying how to install the helper", r.Err)
	}
}

func TestHelperDeathFailsTheCallAndTheNextCallStartsAnother(t *testing.T) {
	t.Parallel()
	h := newHost(t)
	first := helperPid(t, h)
	r := llmtest.Collect(t.Context(), h.Provider(remote.Spec{Type: "crash", Name: "g"}, http.DefaultClient), &llm.Request{})
	var e *llm.Error
	if !errors.As(r.Err, &e) || e.Kind != llm.KindServer || !e.Kind.Retryable() || !strings.Contains(e.Error(), "out of luck") {
		t.Fatalf("error %v; want a retryable server error with the helper's last words", r.Err)
	}
	if second := helperPid(t, h); second == first {
		t.Fatalf("the next call ran in the dead helper %d", first)
	}
}

func TestCloseEndsTheHelper(t *testing.T) {
	t.Parallel()
	h := remote.NewHost([]string{os.Args[0], helperArg}, nil)
	pid := helperPid(t, h)
	if err := h.Close(); err != nil {
		t.Fatal(err)
	}
	if !gone(pid) {
		t.Fatalf("helper %d still runs after Close", pid)
	}
	r := llmtest.Collect(t.Context(), h.Provider(remote.Spec{Type: "pid"}, http.DefaultClient), &llm.Request{})
	if r.Err == nil {
		t.Fatal("a call after Close ran")
	}
}

// TestHelperEndsWhenItsHostIsKilled: kill -9 of hone leaves no helper.
func TestHelperEndsWhenItsHostIsKilled(t *testing.T) {
	t.Parallel()
	cmd := exec.Command(os.Args[0], hostArg)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	line := make([]byte, 64)
	n, _ := out.Read(line)
	pid, err := strconv.Atoi(strings.TrimSpace(string(line[:n])))
	if err != nil {
		_ = cmd.Process.Kill()
		t.Fatalf("host said %q", line[:n])
	}
	_ = cmd.Process.Kill()
	_ = cmd.Wait()
	if !gone(pid) {
		_ = syscall.Kill(pid, syscall.SIGKILL)
		t.Fatalf("helper %d outlived its killed host", pid)
	}
}

// TestNoRequestAfterTheCallEnded: a request the helper sends for a call
// hone has stopped reading is not made.
func TestNoRequestAfterTheCallEnded(t *testing.T) {
	t.Parallel()
	var hits atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(http.ResponseWriter, *http.Request) { hits.Add(1) }))
	t.Cleanup(srv.Close)
	h := newHost(t)
	for ev, err := range h.Provider(remote.Spec{Type: "late", BaseURL: srv.URL}, http.DefaultClient).Stream(t.Context(), &llm.Request{}) {
		if err != nil || ev.Text != "first" {
			t.Fatalf("event %+v, error %v", ev, err)
		}
		break
	}
	helperPid(t, h) // a later call's answer: the helper has read the cancel and sent its request
	time.Sleep(100 * time.Millisecond)
	if n := hits.Load(); n != 0 {
		t.Fatalf("the server got %d requests of a call that had ended", n)
	}
}

func TestCancelStopsTheCall(t *testing.T) {
	t.Parallel()
	block := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-block:
		case <-r.Context().Done():
		}
	}))
	t.Cleanup(func() { close(block); srv.Close() })
	ctx, cancel := context.WithTimeout(t.Context(), 100*time.Millisecond)
	defer cancel()
	r := llmtest.Collect(ctx, newHost(t).Provider(remote.Spec{Type: "echo", BaseURL: srv.URL}, http.DefaultClient), &llm.Request{})
	if llm.KindOf(r.Err) != llm.KindTimeout {
		t.Fatalf("error %v; want the context's deadline as a timeout", r.Err)
	}
}
