package cmd

import (
	"bytes"
	"context"
	"errors"
	"io"
	"strings"
	"testing"
	"time"
)

// openPipe is stdin from a parent that keeps the pipe open: it writes
// what it is given, when it is given, and never closes it unless told.
func openPipe(t *testing.T) (*io.PipeReader, *io.PipeWriter) {
	t.Helper()
	r, w := io.Pipe()
	t.Cleanup(func() { w.Close() })
	return r, w
}

func pipedFactory(in io.Reader) (*Factory, *bytes.Buffer) {
	var errOut bytes.Buffer
	return &Factory{IO: IO{In: in, Out: io.Discard, Err: &errOut, StdinIsPipe: true}, StdinWait: 20 * time.Millisecond}, &errOut
}

func TestRunPromptDoesNotWaitForAnIdlePipe(t *testing.T) {
	t.Parallel()
	r, _ := openPipe(t)
	f, errOut := pipedFactory(r)
	prompt, err := runPrompt(f, []string{"explain", "this"})
	if err != nil || prompt != "explain this" {
		t.Fatalf("runPrompt = %q, %v; want the arguments alone", prompt, err)
	}
	if !strings.Contains(errOut.String(), "nothing arrived") || !strings.Contains(errOut.String(), "pass - to wait") {
		t.Errorf("no note about the ignored stdin: %q", errOut.String())
	}
	// Without arguments there is no prompt: a usage error, not a hang.
	r2, _ := openPipe(t)
	f2, _ := pipedFactory(r2)
	if _, err := runPrompt(f2, nil); err == nil || !strings.Contains(err.Error(), "no prompt") {
		t.Errorf("runPrompt without arguments on an idle pipe = %v, want no prompt", err)
	}
}

func TestRunPromptReadsPipedText(t *testing.T) {
	t.Parallel()
	f, errOut := pipedFactory(strings.NewReader("func main() {}\n"))
	if prompt, err := runPrompt(f, []string{"explain"}); err != nil || prompt != "func main() {}\n\nexplain" {
		t.Errorf("runPrompt = %q, %v", prompt, err)
	}
	if errOut.Len() != 0 {
		t.Errorf("unexpected note %q", errOut.String())
	}
	// Data that starts in time is read to its end, however long it takes.
	r, w := openPipe(t)
	go func() {
		_, _ = io.WriteString(w, "first part, ")
		time.Sleep(time.Second) // longer than the wait
		_, _ = io.WriteString(w, "second part")
		w.Close()
	}()
	f, _ = pipedFactory(r)
	f.StdinWait = 500 * time.Millisecond
	if prompt, err := runPrompt(f, []string{"go"}); err != nil || prompt != "first part, second part\n\ngo" {
		t.Errorf("runPrompt = %q, %v", prompt, err)
	}
}

func TestRunPromptDashWaitsForStdin(t *testing.T) {
	t.Parallel()
	r, w := openPipe(t)
	f, _ := pipedFactory(r)
	go func() {
		time.Sleep(100 * time.Millisecond) // longer than the wait
		_, _ = io.WriteString(w, "late log\n")
		w.Close()
	}()
	if prompt, err := runPrompt(f, []string{"-", "why?"}); err != nil || prompt != "late log\n\nwhy?" {
		t.Errorf("runPrompt with - = %q, %v; want the late input and the arguments", prompt, err)
	}
}

func TestStdinLimit(t *testing.T) {
	t.Parallel()
	big := strings.NewReader(strings.Repeat("x", MaxStdin+1))
	if _, _, err := startStdin(big).read(time.Second, MaxStdin); err == nil || !strings.Contains(err.Error(), "larger than 8 MiB") {
		t.Errorf("large stdin: %v", err)
	}
}

func TestInterfaceNeedsATerminal(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		io   IO
		tty  error
		want string
	}{
		{IO{StdinIsTerminal: true}, nil, "stdout is not one"},
		{IO{StdoutIsTerminal: true}, errors.New("no such device"), "cannot be opened (no such device)"},
	} {
		f := &Factory{IO: tt.io, OpenTTY: func() error { return tt.tty }}
		err := f.needTerminal()
		if err == nil || !strings.Contains(err.Error(), tt.want) || !strings.Contains(err.Error(), `hone run "your prompt"`) {
			t.Errorf("needTerminal(%+v) = %v, want %q and the hone run hint", tt.io, err, tt.want)
		}
	}
	ok := &Factory{IO: IO{StdoutIsTerminal: true}, OpenTTY: func() error { return nil }}
	if err := ok.needTerminal(); err != nil {
		t.Errorf("piped stdin with a terminal to open: %v", err)
	}
}

func TestInterfaceWithoutTerminalExitsTwo(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	t.Setenv("HONE_DATA_DIR", t.TempDir())
	code, _, errOut := hone(t, "")
	if code != ExitUsage || !strings.Contains(errOut, "needs a terminal") || !strings.Contains(errOut, "hone run") {
		t.Errorf("hone without a terminal: exit %d, stderr %q", code, errOut)
	}
}

func TestPromptAsCommandHintsHoneRun(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		args []string
		want []string
	}{
		{[]string{"fix the failing test"}, []string{`unknown command "fix the failing test"`, `hone run "fix the failing test"`}},
		{[]string{"fix", "it"}, []string{`unknown command "fix"`, `hone run "fix it"`}},
		{[]string{"sesions", "list"}, []string{"did you mean sessions?"}},
	} {
		io, _, errOut := testIO("")
		code := Main(context.Background(), tt.args, io)
		if code != ExitUsage {
			t.Errorf("%q: exit %d, want %d", tt.args, code, ExitUsage)
		}
		for _, w := range tt.want {
			if !strings.Contains(errOut.String(), w) {
				t.Errorf("%q: stderr %q lacks %q", tt.args, errOut.String(), w)
			}
		}
	}
}
