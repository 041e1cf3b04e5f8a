package tuibackend

import (
	"context"

	"github.com/honecode/hone/internal/app"
	"github.com/honecode/hone/internal/tui"
)

// ModelState returns the roles' current first candidates and every model
// of a usable provider.
func (b *Backend) ModelState(ctx context.Context) (tui.ModelState, error) {
	var st tui.ModelState
	large, small := b.coord.Candidates()
	if len(large) > 0 {
		st.Large = large[0].Name()
		st.LargeContextWindow = large[0].Spec.ContextWindow
	}
	if len(small) > 0 {
		st.Small = small[0].Name()
	}
	res, _ := b.app.Resolved(ctx)
	if res == nil {
		return st, nil
	}
	for _, p := range res.Usable() {
		for _, m := range p.Models {
			st.Choices = append(st.Choices, tui.ModelChoice{
				Ref:            p.Name + "/" + m.ID,
				Name:           m.Name,
				ContextWindow:  m.ContextWindow,
				SupportsImages: m.SupportsImages,
				CostIn:         m.Prices.Input,
				CostOut:        m.Prices.Output,
			})
		}
	}
	return st, nil
}

// SetModel makes ref the first candidate of role for this process.
func (b *Backend) SetModel(ctx context.Context, role tui.ModelRole, ref string) error {
	r := app.RoleLarge
	if role == tui.RoleSmall {
		r = app.RoleSmall
	}
	return b.app.SetRoleModel(ctx, r, ref)
}

// WorkDir is the project directory.
func (b *Backend) WorkDir() string { return b.app.WorkDir() }

// Servers reports the MCP and language servers.
func (b *Backend) Servers(ctx context.Context) []tui.ServerStatus {
	states := b.app.ServerStates(ctx)
	out := make([]tui.ServerStatus, 0, len(states))
	for _, s := range states {
		out = append(out, tui.ServerStatus{Name: s.Name, Kind: s.Kind, State: s.State, Error: s.Error})
	}
	return out
}
