package app

import (
	"context"
	"fmt"

	"github.com/honecode/hone/internal/agent"
	"github.com/honecode/hone/internal/config"
)

// Model roles accepted by SetRoleModel.
const (
	RoleLarge = "large"
	RoleSmall = "small"
)

// SetRoleModel makes ref ("provider/model") the first candidate of role
// for this process; the role's other candidates stay behind it as
// failover.
func (a *App) SetRoleModel(ctx context.Context, role, ref string) error {
	if role != RoleLarge && role != RoleSmall {
		return fmt.Errorf("set model: unknown role %q (want large or small)", role)
	}
	res, err := a.Resolved(ctx)
	if res == nil {
		return err
	}
	cc, err := res.Candidate(config.ModelRef{Model: ref})
	if err != nil {
		return fmt.Errorf("set model %s: %w", ref, err)
	}
	svc, err := a.services(ctx)
	if err != nil {
		return err
	}
	picked, err := svc.clients.candidates(res, []config.Candidate{cc})
	if err != nil {
		return err
	}
	large, small := svc.coord.Candidates()
	if role == RoleLarge {
		large = promote(picked[0], large)
	} else {
		small = promote(picked[0], small)
	}
	svc.coord.SetCandidates(large, small)
	return nil
}

// promote puts c first in list, removing another entry of the same name.
func promote(c agent.Candidate, list []agent.Candidate) []agent.Candidate {
	out := []agent.Candidate{c}
	for _, o := range list {
		if o.Name() != c.Name() {
			out = append(out, o)
		}
	}
	return out
}
