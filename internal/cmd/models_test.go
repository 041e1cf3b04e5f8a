package cmd

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/honecode/hone/internal/config"
)

func modelsJSONOf(t *testing.T, opts *ModelsOptions) modelsJSON {
	t.Helper()
	io, out, _ := cfgIO()
	opts.JSON = true
	if err := runModels(t.Context(), opts, io); err != nil {
		t.Fatal(err)
	}
	var got modelsJSON
	if err := json.Unmarshal(out.Bytes(), &got); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	return got
}

func TestRunModelsJSON(t *testing.T) {
	t.Parallel()
	env := newCfgEnv(t, "ANTHROPIC_API_KEY=sk-ant-secret")
	io, out, _ := cfgIO()
	if err := runModels(t.Context(), &ModelsOptions{Load: env.load(), JSON: true}, io); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(out.String(), "sk-ant-secret") {
		t.Fatal("the key is in the output")
	}
	var got modelsJSON
	if err := json.Unmarshal(out.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(got.Large, []string{"anthropic/claude-sonnet-4-6"}) || !slices.Equal(got.Small, []string{"anthropic/claude-haiku-4-5"}) {
		t.Errorf("roles = %v %v", got.Large, got.Small)
	}
	a := got.Providers[0]
	if a.Name != "anthropic" || !a.Usable || a.KeyEnv != "ANTHROPIC_API_KEY" || len(a.Models) == 0 || a.Models[0].Prices.Output != 15 {
		t.Errorf("first provider = %+v", a)
	}
	if o := got.Providers[1]; o.Name != "openai" || o.Usable || o.Reason != "OPENAI_API_KEY is not set" {
		t.Errorf("second provider = %+v", o)
	}
}

func TestRunModelsTextUsableOnly(t *testing.T) {
	t.Parallel()
	env := newCfgEnv(t, "DEEPSEEK_API_KEY=k")
	env.write(t, ".hone.json", `{"models": {"small": ["deepseek/deepseek-chat"]}}`)
	io, out, errOut := cfgIO()
	if err := runModels(t.Context(), &ModelsOptions{Load: env.load(), UsableOnly: true}, io); err != nil {
		t.Fatal(err)
	}
	want := "deepseek (openai-compat) — usable (key from DEEPSEEK_API_KEY)\n" +
		"  MODEL              ROLE         CONTEXT  OUT  $IN/M  $OUT/M  $CACHE R/W  IMAGES  REASONING\n" +
		"  deepseek-chat      large,small  128k     8k   0.28   0.42    0.028/-     no      no\n" +
		"  deepseek-reasoner               128k     32k  0.28   0.42    0.028/-     no      yes\n"
	if out.String() != want || errOut.Len() != 0 {
		t.Errorf("stdout:\n%s\nwant:\n%s\nstderr: %s", out, want, errOut)
	}
}

func TestRunModelsWithoutProviderStillLists(t *testing.T) {
	t.Parallel()
	env := newCfgEnv(t)
	io, out, errOut := cfgIO()
	if err := runModels(t.Context(), &ModelsOptions{Load: env.load()}, io); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "anthropic (anthropic) — not usable: ANTHROPIC_API_KEY is not set") {
		t.Errorf("stdout:\n%s", out)
	}
	if !strings.Contains(errOut.String(), "no model provider is usable") || !strings.Contains(errOut.String(), "OPENAI_API_KEY") {
		t.Errorf("stderr: %s", errOut)
	}
	got := modelsJSONOf(t, &ModelsOptions{Load: env.load()})
	if !strings.Contains(got.Error, "no model provider is usable") || len(got.Large) != 0 {
		t.Errorf("json = %+v", got)
	}
}

func TestRunModelsProbesOllama(t *testing.T) {
	t.Parallel()
	var hits atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		_, _ = w.Write([]byte(`{"models": [{"name": "qwen3-coder:30b"}, {"name": "phi4:latest"}]}`))
	}))
	defer srv.Close()
	env := newCfgEnv(t)
	env.write(t, ".hone.json", `{"providers": {"ollama": {"base_url": "`+srv.URL+`/v1"}}}`)
	got := modelsJSONOf(t, &ModelsOptions{Load: env.trusted(), Probe: true, HTTPClient: srv.Client()})
	var ollama config.ResolvedProvider
	for _, p := range got.Providers {
		if p.Name == "ollama" {
			ollama = p
		}
	}
	var installed []string
	for _, m := range ollama.Models {
		if m.Installed {
			installed = append(installed, m.ID)
		}
	}
	if !ollama.Usable || !slices.Equal(installed, []string{"qwen3-coder:30b", "phi4:latest"}) || hits.Load() != 1 {
		t.Errorf("ollama = %+v, installed %v, hits %d", ollama, installed, hits.Load())
	}
	if !slices.Equal(got.Large, []string{"ollama/qwen3-coder:30b"}) {
		t.Errorf("large = %v", got.Large)
	}

	env.write(t, ".hone.json", `{"providers": {"ollama": {"base_url": "`+srv.URL+`/v1", "disabled": true}}}`)
	modelsJSONOf(t, &ModelsOptions{Load: env.trusted(), Probe: true, HTTPClient: srv.Client()})
	if hits.Load() != 1 {
		t.Error("a disabled Ollama was probed")
	}
}

func TestRunModelsInvalidConfigExitsTwo(t *testing.T) {
	t.Parallel()
	env := newCfgEnv(t)
	env.write(t, ".hone.json", `{"models": {"large": ["nope/x"]}}`)
	io, _, _ := cfgIO()
	err := runModels(t.Context(), &ModelsOptions{Load: env.load()}, io)
	if exitCode(err) != ExitUsage || !strings.Contains(err.Error(), `provider "nope" is not configured`) {
		t.Errorf("err = %v", err)
	}
}

func TestModelsCmdFlags(t *testing.T) {
	t.Parallel()
	f := &Factory{Getenv: func(string) string { return "" }}
	f.Global.Cwd = "/p"
	for _, tc := range []struct {
		args             []string
		json, use, probe bool
	}{
		{nil, false, false, true},
		{[]string{"--json", "-u", "--no-probe"}, true, true, false},
	} {
		var got *ModelsOptions
		c := modelsCmd(f, func(_ context.Context, o *ModelsOptions) error { got = o; return nil })
		c.SetArgs(tc.args)
		if err := c.ExecuteContext(t.Context()); err != nil {
			t.Fatal(err)
		}
		if got.JSON != tc.json || got.UsableOnly != tc.use || got.Probe != tc.probe || got.Load.Cwd != "/p" {
			t.Errorf("%v: options = %+v", tc.args, got)
		}
	}
}

func TestTokensAndPrices(t *testing.T) {
	t.Parallel()
	for n, want := range map[int]string{512: "512", 8192: "8k", 200000: "200k", 1048576: "1M", 2000000: "2M", 1500000: "1.5M"} {
		if got := tokens(n); got != want {
			t.Errorf("tokens(%d) = %s, want %s", n, got, want)
		}
	}
	if price(0) != "-" || price(0.125) != "0.125" || price(15) != "15" {
		t.Error("price formatting")
	}
}
