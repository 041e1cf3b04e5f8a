package sdkbody

import (
	"testing"

	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/llm/llmtest"
)

// TestKeyCoversRequestFields fails when llm.Request gains a field: Key
// must then take it in, or this test must say why the field never lands
// in a skeleton.
func TestKeyCoversRequestFields(t *testing.T) {
	t.Parallel()
	notInSkeleton := map[string]string{
		"Messages": "the input or messages array, spliced in",
		"Headers":  "HTTP headers, not in the body",
	}
	zero := KeyOf(&llm.Request{})
	names, reqs := llmtest.RequestFields()
	for i, req := range reqs {
		k := KeyOf(req)
		if _, ok := notInSkeleton[names[i]]; ok {
			if !k.Equal(zero) {
				t.Errorf("Key takes in %s, which this test says is not in a skeleton", names[i])
			}
			continue
		}
		if k.Equal(zero) {
			t.Errorf("Key ignores field %s", names[i])
		}
		if kept := k.Kept(); !kept.Equal(k) || kept.Equal(zero) {
			t.Errorf("the kept key of a request with %s differs from its key", names[i])
		}
	}
}

// keyRequest is a request with every setting a key holds, all in fresh
// memory.
func keyRequest() *llm.Request {
	temp, topP := 0.2, 0.9
	return &llm.Request{Model: "m", System: []string{"a", "b"}, Tools: llmtest.Tools(), MaxTokens: 10,
		Temperature: &temp, TopP: &topP, ReasoningEffort: "low",
		WebSearch: &llm.WebSearch{MaxUses: 1, AllowedDomains: []string{"go.dev"}, BlockedDomains: []string{"x.com"}},
		ProviderOptions: map[string]any{"top_k": 40, "provider": map[string]any{"order": []any{"a", "b"}},
			"tags": []string{"t"}, "limit": new(int), "none": nil}}
}

// TestKeyComparesValues: keys of requests that hold equal settings in
// different memory are equal; no options and empty options are too.
func TestKeyComparesValues(t *testing.T) {
	t.Parallel()
	a, b := KeyOf(keyRequest()), KeyOf(keyRequest())
	if !a.Equal(b) || !a.Kept().Equal(b) || !a.Kept().Equal(b.Kept()) {
		t.Error("keys of equal settings in different memory differ")
	}
	r := keyRequest()
	r.ProviderOptions = nil
	k := KeyOf(r)
	r.ProviderOptions = map[string]any{}
	if !k.Equal(KeyOf(r)) {
		t.Error("no options and empty options give different keys")
	}
}

// TestKeyVariants: keys of the same settings but different variants
// (With) differ, kept or not; variant 0 is KeyOf's key.
func TestKeyVariants(t *testing.T) {
	t.Parallel()
	k := KeyOf(keyRequest())
	if one := k.With(1); one.Equal(k) || one.Kept().Equal(k) || !one.Kept().Equal(KeyOf(keyRequest()).With(1)) {
		t.Error("a variant's key is not told from variant 0's, or not equal to its own")
	}
	if !k.With(0).Equal(k) {
		t.Error("variant 0 differs from KeyOf's key")
	}
}

// TestKeptKeyOwnsItsValues: a caller that changes a setting in place
// after its key was kept, however deep, gets a key that differs from the
// kept one.
func TestKeptKeyOwnsItsValues(t *testing.T) {
	t.Parallel()
	changes := map[string]func(r *llm.Request){
		"temperature":         func(r *llm.Request) { *r.Temperature = 0.5 },
		"top_p":               func(r *llm.Request) { *r.TopP = 0.5 },
		"system block":        func(r *llm.Request) { r.System[1] = "c" },
		"allowed domain":      func(r *llm.Request) { r.WebSearch.AllowedDomains[0] = "pkg.go.dev" },
		"blocked domain":      func(r *llm.Request) { r.WebSearch.BlockedDomains[0] = "y.com" },
		"web search uses":     func(r *llm.Request) { r.WebSearch.MaxUses = 2 },
		"top-level option":    func(r *llm.Request) { r.ProviderOptions["top_k"] = 41 },
		"option added":        func(r *llm.Request) { r.ProviderOptions["seed"] = 1 },
		"nested option":       func(r *llm.Request) { r.ProviderOptions["provider"].(map[string]any)["sort"] = "price" },
		"nested slice option": func(r *llm.Request) { r.ProviderOptions["provider"].(map[string]any)["order"].([]any)[0] = "c" },
		"typed slice option":  func(r *llm.Request) { r.ProviderOptions["tags"].([]string)[0] = "u" },
		"pointer option":      func(r *llm.Request) { *r.ProviderOptions["limit"].(*int) = 3 },
		"nil option":          func(r *llm.Request) { r.ProviderOptions["none"] = 0 },
	}
	for name, change := range changes {
		r := keyRequest()
		kept := KeyOf(r).Kept()
		if !kept.Equal(KeyOf(r)) {
			t.Fatalf("%s: the kept key differs before any change", name)
		}
		change(r)
		if kept.Equal(KeyOf(r)) {
			t.Errorf("%s changed in place, and the kept key still equals the request's", name)
		}
	}
}

// TestKeyWithUncopiableOptionEqualsNone: an option Kept cannot copy (a
// function) makes a key that equals no other, so nothing is reused for
// it.
func TestKeyWithUncopiableOptionEqualsNone(t *testing.T) {
	t.Parallel()
	r := keyRequest()
	r.ProviderOptions = map[string]any{"f": func() {}}
	if k := KeyOf(r).Kept(); k.Equal(KeyOf(r)) || k.Equal(k) {
		t.Error("a key whose option could not be copied equals a key")
	}
}
