package cmd

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/honecode/hone/internal/lsp"
)

func TestLSPListFlags(t *testing.T) {
	t.Parallel()
	var got *LSPListOptions
	c := newLSPListCmd(&Factory{Global: GlobalOptions{ConfigFile: "x.json"}}, func(_ context.Context, o *LSPListOptions) error {
		got = o
		return nil
	})
	c.SetArgs([]string{"--json"})
	if err := c.Execute(); err != nil {
		t.Fatal(err)
	}
	if !got.JSON || got.Load.ConfigFile != "x.json" {
		t.Errorf("options %+v", got)
	}
}

func TestLSPList(t *testing.T) {
	t.Parallel()
	env := newCfgEnv(t)
	env.write(t, ".hone.json", `{"lsp": {
		"mute": {"command": "sleep", "args": ["60"], "filetypes": [".txt"], "timeout": 1},
		"off": {"command": "nothing", "filetypes": [".md"], "disabled": true},
		"gopls": {"command": "gopls", "filetypes": [".go"], "disabled": true}
	}}`)
	io, out, _ := cfgIO()
	if err := runLSPList(t.Context(), &LSPListOptions{Load: env.trusted()}, io); err != nil {
		t.Fatal(err)
	}
	want := []string{
		"NAME   COMMAND  FILETYPES  STATE     DIAGNOSTICS  DETAIL",
		"gopls  gopls    .go        disabled  -",
		"mute   sleep    .txt       failed    -            not responding: initialize took longer than 1s",
		"off    nothing  .md        disabled  -",
	}
	if got := trimAll(strings.Split(strings.TrimSpace(out.String()), "\n")); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("table:\n%s", out)
	}

	io, out, _ = cfgIO()
	if err := runLSPList(t.Context(), &LSPListOptions{Load: env.trusted(), JSON: true}, io); err != nil {
		t.Fatal(err)
	}
	var states []lsp.Status
	if err := json.Unmarshal(out.Bytes(), &states); err != nil {
		t.Fatal(err)
	}
	if len(states) != 3 || states[1].Name != "mute" || states[1].State != lsp.StateFailed || states[1].Root == "" {
		t.Errorf("json %s", out)
	}
}
