package tools

// Factory builds a tool from the shared environment, or returns nil when
// the tool cannot work there (web_search without a searcher).
type Factory func(env *Env) Tool

// builtins is filled only by init functions of this package (one per tool
// file, via register) and read-only afterwards.
var builtins []Factory

// register adds a built-in tool factory; call it from the tool file's init.
func register(f Factory) { builtins = append(builtins, f) }

// Builtins constructs every built-in tool for env, in registration order;
// a factory that returns nil (its tool cannot work in env) adds nothing.
func Builtins(env *Env) []Tool {
	out := make([]Tool, 0, len(builtins))
	for _, f := range builtins {
		if t := f(env); t != nil {
			out = append(out, t)
		}
	}
	return out
}
