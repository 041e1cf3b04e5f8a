package tools

// Factory builds a tool from the shared environment.
type Factory func(env *Env) Tool

// builtins is filled only by init functions of this package (one per tool
// file, via register) and read-only afterwards.
var builtins []Factory

// register adds a built-in tool factory; call it from the tool file's init.
func register(f Factory) { builtins = append(builtins, f) }

// Builtins constructs every built-in tool for env, in registration order.
func Builtins(env *Env) []Tool {
	out := make([]Tool, 0, len(builtins))
	for _, f := range builtins {
		out = append(out, f(env))
	}
	return out
}
