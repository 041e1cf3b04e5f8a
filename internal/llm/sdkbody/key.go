package sdkbody

import (
	"reflect"
	"slices"

	"github.com/honecode/hone/internal/llm"
)

// Key is what a request's skeleton is made from: every field of
// llm.Request that lands in the body outside its messages and tools
// arrays (model, system prompt, limits, sampling, effort, web search,
// provider options), and whether there are tools. Messages, the tools
// themselves (kept as pieces by content) and Headers (not in the body)
// are left out. An adapter whose skeleton also depends on what the
// messages say adds that with With.
//
// KeyOf's key refers to the request's own values, so it is only good for
// comparing while the request is not changed; a key that is kept across
// requests must be Kept, which copies every value it refers to.
type Key struct {
	model, effort string
	system        []string
	maxTokens     int
	temp, topP    *float64
	tools         bool
	webSearch     *llm.WebSearch
	options       map[string]any
	// variant is what an adapter's skeleton depends on beyond the
	// settings (With); 0 for the adapters whose skeleton does not.
	variant int
	// foreign: Kept could not copy an option value (a function, a
	// channel, a struct with unexported fields), so the key equals none.
	foreign bool
}

// KeyOf is the key of req's skeleton. It copies nothing.
func KeyOf(req *llm.Request) Key {
	k := Key{model: req.Model, effort: req.ReasoningEffort, system: req.System, maxTokens: req.MaxTokens,
		temp: req.Temperature, topP: req.TopP, tools: len(req.Tools) > 0, webSearch: req.WebSearch}
	if len(req.ProviderOptions) > 0 {
		k.options = req.ProviderOptions
	}
	return k
}

// With is k for a skeleton that also depends on something outside the
// request's settings, numbered by the adapter (the Anthropic adapter's:
// whether the history lets thinking be on); keys of different variants
// are not equal. KeyOf's key is variant 0.
func (k Key) With(variant int) Key {
	k.variant = variant
	return k
}

// Equal says whether k and o have the same values (pointers, slices and
// maps are compared by what they hold, not by address).
func (k Key) Equal(o Key) bool {
	return !k.foreign && !o.foreign && k.variant == o.variant && k.model == o.model && k.effort == o.effort &&
		k.maxTokens == o.maxTokens && k.tools == o.tools && slices.Equal(k.system, o.system) &&
		floatEqual(k.temp, o.temp) && floatEqual(k.topP, o.topP) &&
		webSearchEqual(k.webSearch, o.webSearch) && optionsEqual(k.options, o.options)
}

// Kept is a copy of k that shares no memory a caller can change: the
// system blocks, the values behind the pointers and the provider options
// all the way down are copied (strings, which cannot change, are
// shared). A caller that changes a nested option in place after the
// request was sent thus gets a key that no longer equals the kept one.
func (k Key) Kept() Key {
	k.system = slices.Clone(k.system)
	k.temp, k.topP = clonePtr(k.temp), clonePtr(k.topP)
	if k.webSearch != nil {
		ws := *k.webSearch
		ws.AllowedDomains, ws.BlockedDomains = slices.Clone(ws.AllowedDomains), slices.Clone(ws.BlockedDomains)
		k.webSearch = &ws
	}
	if k.options != nil {
		opts, ok := ownValue(reflect.ValueOf(k.options), 0)
		k.options, k.foreign = opts.Interface().(map[string]any), !ok
	}
	return k
}

func floatEqual(a, b *float64) bool {
	return (a == nil) == (b == nil) && (a == nil || *a == *b)
}

func clonePtr(p *float64) *float64 {
	if p == nil {
		return nil
	}
	v := *p
	return &v
}

func webSearchEqual(a, b *llm.WebSearch) bool {
	if a == nil || b == nil {
		return a == b
	}
	return a.MaxUses == b.MaxUses && slices.Equal(a.AllowedDomains, b.AllowedDomains) &&
		slices.Equal(a.BlockedDomains, b.BlockedDomains)
}

func optionsEqual(a, b map[string]any) bool {
	if len(a) == 0 || len(b) == 0 {
		return len(a) == len(b)
	}
	return reflect.DeepEqual(a, b)
}
