package cmd

import (
	"context"
	"reflect"
	"strings"
	"testing"

	"github.com/spf13/cobra"
)

// execute runs a command built for the test with args.
func execute(t *testing.T, c *cobra.Command, args ...string) error {
	t.Helper()
	io, _, _ := testIO("")
	c.SetArgs(args)
	c.SetOut(io.Out)
	c.SetErr(io.Err)
	return c.ExecuteContext(context.Background())
}

func TestSessionsFlags(t *testing.T) {
	t.Parallel()
	f := &Factory{Global: GlobalOptions{Cwd: "/proj"}}
	tests := []struct {
		name string
		mk   func(capture func(any)) *cobra.Command
		args []string
		want any
	}{
		{"list defaults", func(c func(any)) *cobra.Command {
			return newSessionsListCmd(f, func(_ context.Context, o *SessionsListOptions) error { c(*o); return nil })
		}, nil, SessionsListOptions{Cwd: "/proj", Limit: 50}},
		{"list flags", func(c func(any)) *cobra.Command {
			return newSessionsListCmd(f, func(_ context.Context, o *SessionsListOptions) error { c(*o); return nil })
		}, []string{"--all", "--limit", "5", "--json"}, SessionsListOptions{Cwd: "/proj", All: true, Limit: 5, JSON: true}},
		{"show", func(c func(any)) *cobra.Command {
			return newSessionsShowCmd(f, func(_ context.Context, o *SessionsShowOptions) error { c(*o); return nil })
		}, []string{"01ab", "--trace", "--full", "--json"}, SessionsShowOptions{ID: "01ab", Trace: true, Full: true, JSON: true}},
		{"export default markdown", func(c func(any)) *cobra.Command {
			return newSessionsExportCmd(f, func(_ context.Context, o *SessionsExportOptions) error { c(*o); return nil })
		}, []string{"01ab"}, SessionsExportOptions{ID: "01ab", Format: "markdown"}},
		{"export json to file", func(c func(any)) *cobra.Command {
			return newSessionsExportCmd(f, func(_ context.Context, o *SessionsExportOptions) error { c(*o); return nil })
		}, []string{"01ab", "-f", "json", "-o", "out.json"}, SessionsExportOptions{ID: "01ab", Format: "json", Output: "out.json"}},
		{"rm", func(c func(any)) *cobra.Command {
			return newSessionsRmCmd(f, func(_ context.Context, o *SessionsRmOptions) error { c(*o); return nil })
		}, []string{"01ab", "-y"}, SessionsRmOptions{ID: "01ab", Yes: true}},
		{"rename joins words", func(c func(any)) *cobra.Command {
			return newSessionsRenameCmd(f, func(_ context.Context, o *SessionsRenameOptions) error { c(*o); return nil })
		}, []string{"01ab", "Fix", "the", "parser"}, SessionsRenameOptions{ID: "01ab", Title: "Fix the parser"}},
		{"undo", func(c func(any)) *cobra.Command {
			return undoCmd(f, func(_ context.Context, o *UndoOptions) error { c(*o); return nil })
		}, []string{"-s", "01ab", "--json"}, UndoOptions{Session: "01ab", Cwd: "/proj", JSON: true}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			var got any
			if err := execute(t, tt.mk(func(o any) { got = o }), tt.args...); err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Fatalf("options = %+v, want %+v", got, tt.want)
			}
		})
	}
}

func TestSessionsFlagErrors(t *testing.T) {
	t.Parallel()
	f := &Factory{}
	tests := []struct {
		name     string
		c        func(t *testing.T) *cobra.Command
		args     []string
		wantCode int
		wantMsg  string
	}{
		{"bad format", func(t *testing.T) *cobra.Command {
			return newSessionsExportCmd(f, func(context.Context, *SessionsExportOptions) error { return ranAnyway(t) })
		}, []string{"01ab", "--format", "xml"}, ExitUsage, "--format must be markdown or json"},
		{"negative limit", func(t *testing.T) *cobra.Command {
			return newSessionsListCmd(f, func(context.Context, *SessionsListOptions) error { return ranAnyway(t) })
		}, []string{"--limit", "-1"}, ExitUsage, "--limit"},
		{"blank title", func(t *testing.T) *cobra.Command {
			return newSessionsRenameCmd(f, func(context.Context, *SessionsRenameOptions) error { return ranAnyway(t) })
		}, []string{"01ab", " "}, ExitUsage, "title is empty"},
		{"show needs an id", func(t *testing.T) *cobra.Command {
			return newSessionsShowCmd(f, func(context.Context, *SessionsShowOptions) error { return ranAnyway(t) })
		}, nil, ExitError, "accepts 1 arg"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			err := execute(t, tt.c(t), tt.args...)
			if err == nil || !strings.Contains(err.Error(), tt.wantMsg) {
				t.Fatalf("error = %v, want one containing %q", err, tt.wantMsg)
			}
			if code := exitCode(err); code != tt.wantCode {
				t.Fatalf("exit %d, want %d", code, tt.wantCode)
			}
		})
	}
}

// TestSessionsThroughMain runs the commands as the binary does: flags,
// factory, App and a database in --data-dir.
func TestSessionsThroughMain(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	data, proj := t.TempDir(), projectDir(t)
	run := func(args ...string) (int, string, string) {
		io, out, errOut := testIO("")
		code := Main(ctx, append([]string{"--data-dir", data, "--cwd", proj}, args...), io)
		return code, out.String(), errOut.String()
	}
	if code, out, errOut := run("sessions", "list", "--json"); code != 0 || out != "[]\n" {
		t.Fatalf("sessions list --json: exit %d, out %q, err %q", code, out, errOut)
	}
	if code, _, errOut := run("sessions", "show", "ffff"); code != ExitUsage || !strings.Contains(errOut, "no session") {
		t.Fatalf("show unknown: exit %d, err %q", code, errOut)
	}
	if code, _, _ := run("sessions", "export", "ffff", "--format", "xml"); code != ExitUsage {
		t.Fatalf("export --format xml: exit %d, want %d", code, ExitUsage)
	}
	if code, _, _ := run("sessions", "list", "--bogus"); code != ExitUsage {
		t.Fatalf("unknown flag: exit %d, want %d", code, ExitUsage)
	}
	if code, _, errOut := run("undo"); code != ExitError || !strings.Contains(errOut, "no session in "+proj) {
		t.Fatalf("undo without sessions: exit %d, err %q", code, errOut)
	}
}

// ranAnyway fails a test whose command ran despite bad arguments.
func ranAnyway(t *testing.T) error {
	t.Error("ran despite bad arguments")
	return nil
}
