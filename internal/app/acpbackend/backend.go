// Package acpbackend opens the Hone services of one ACP session: an App
// in the session's directory, adapted to the acp package's Workspace. It
// is glue only, like tuibackend.
package acpbackend

import (
	"context"
	"errors"

	"github.com/honecode/hone/internal/acp"
	"github.com/honecode/hone/internal/agent"
	"github.com/honecode/hone/internal/app"
)

// Opener opens, for each ACP session, an App with base's data directory,
// config and flags in the session's directory, with the editor's MCP
// servers and file access. It waits for the MCP servers so the first
// prompt sees their tools.
func Opener(base app.Options) acp.Opener {
	return func(ctx context.Context, o acp.OpenOptions) (*acp.Workspace, error) {
		opts := base
		opts.Cwd, opts.MCPServers, opts.Editor = o.Cwd, o.MCPServers, o.Editor
		return open(ctx, opts)
	}
}

func open(ctx context.Context, opts app.Options) (_ *acp.Workspace, err error) {
	a, err := app.New(ctx, opts)
	if err != nil {
		return nil, err
	}
	defer func() {
		if err != nil {
			_ = a.Close()
		}
	}()
	st, err := a.Store(ctx)
	if err != nil {
		return nil, err
	}
	coord, err := a.Agent(ctx)
	if err != nil {
		return nil, err
	}
	perms, err := a.Permissions(ctx)
	if err != nil {
		return nil, err
	}
	reg, err := a.Tools(ctx)
	if err != nil {
		return nil, err
	}
	if err := errors.Join(a.StartServers(ctx), a.WaitServers(ctx)); err != nil {
		return nil, err
	}
	return &acp.Workspace{
		WorkDir: a.WorkDir(), Agent: coord, Sessions: st.Sessions, Messages: st.Messages,
		Perms: perms, Tools: reg, Models: acpModels{app: a, coord: coord}, Close: a.Close,
	}, nil
}

// acpModels lists and picks models for an ACP session.
type acpModels struct {
	app   *app.App
	coord *agent.Coordinator
}

// Current is the large role's first candidate.
func (m acpModels) Current() string {
	large, _ := m.coord.Candidates()
	if len(large) == 0 {
		return ""
	}
	return large[0].Name()
}

// Choices are the models of every usable provider.
func (m acpModels) Choices(ctx context.Context) []acp.ModelChoice {
	res, _ := m.app.Resolved(ctx)
	if res == nil {
		return nil
	}
	var out []acp.ModelChoice
	for _, p := range res.Usable() {
		for _, spec := range p.Models {
			name := spec.Name
			if name == "" {
				name = spec.ID
			}
			out = append(out, acp.ModelChoice{Ref: p.Name + "/" + spec.ID, Name: name + " (" + p.Name + ")"})
		}
	}
	return out
}

// Set makes ref the large role's first candidate in this session.
func (m acpModels) Set(ctx context.Context, ref string) error {
	return m.app.SetRoleModel(ctx, app.RoleLarge, ref)
}
