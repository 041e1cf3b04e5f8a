package lsp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/honecode/hone/internal/fsguard"
	"github.com/honecode/hone/internal/tools"
)

// Tools returns the diagnostics and references tools backed by m. The app
// registers them only when m.Available().
func (m *Manager) Tools() []tools.Tool {
	return []tools.Tool{
		&diagnosticsTool{m: m, schema: tools.SchemaFrom[diagnosticsParams](generatedSchema)},
		&referencesTool{m: m, schema: tools.SchemaFrom[referencesParams](generatedSchema)},
	}
}

// resolveArg resolves a path argument inside the project ("" stays "":
// the project). Language servers only know the project, so paths outside
// it are refused.
func (m *Manager) resolveArg(path string) (string, *tools.Result) {
	if path == "" {
		return "", nil
	}
	r, err := fsguard.Resolve(m.opts.WorkDir, path)
	if err != nil {
		res := tools.ErrorResult(fmt.Sprintf("invalid path %q: %v", path, err))
		return "", &res
	}
	if !r.Inside {
		res := tools.ErrorResult(fmt.Sprintf("%s is outside the project; language servers only know the project's files.", r.Abs))
		return "", &res
	}
	return r.Abs, nil
}

// failure turns an error of the manager into the result the model sees;
// a cancelled call returns ctx's error.
func (m *Manager) failure(ctx context.Context, tool string, err error) (tools.Result, error) {
	if ctx.Err() != nil {
		return tools.Result{}, ctx.Err()
	}
	if errors.Is(err, ErrNoServer) {
		return tools.ErrorResult(fmt.Sprintf("%v. Configured or detected servers: %s.", err, m.describeSpecs())), nil
	}
	return tools.ErrorResult(fmt.Sprintf("%s failed: %v", tool, err)), nil
}

// describeSpecs names the servers and what they serve ("gopls (.go)").
func (m *Manager) describeSpecs() string {
	s := ""
	for _, sp := range m.specs {
		if sp.cfg.Disabled {
			continue
		}
		if s != "" {
			s += ", "
		}
		s += fmt.Sprintf("%s (%v)", sp.name, sp.filetypes)
	}
	if s == "" {
		return "none"
	}
	return s
}

func decode[P any](call tools.Call) (P, error) {
	var p P
	if err := json.Unmarshal(call.Input, &p); err != nil {
		return p, fmt.Errorf("decode arguments: %w", err)
	}
	return p, nil
}
