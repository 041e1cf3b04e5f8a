package permission

import (
	"context"
	"path/filepath"

	"github.com/honecode/hone/internal/fsguard"
	"github.com/honecode/hone/internal/projectfiles"
	"github.com/honecode/hone/internal/shell"
)

// sensitive says why writing req's path changes what Hone or git reads as
// config or instructions, or "" when it does not. Only writes count.
func (s *Service) sensitive(req Request) string {
	if req.Path == "" || req.Action != ActionWrite && !req.WritesFile {
		return ""
	}
	if ok, why := projectfiles.IsSensitive(s.projectDir, req.Path); ok {
		return why
	}
	for _, p := range s.protected {
		if fsguard.Within(p, req.Path) {
			return req.Path + " is part of Hone's own configuration or data (" + p + ")"
		}
	}
	return ""
}

// askSensitive puts a sensitive write to a person whatever the rules and
// grants say; without one (hone run) it is denied, saying why.
func (s *Service) askSensitive(ctx context.Context, req Request, an *shell.Analysis) error {
	if err, done := s.byHook(ctx, req); done && err != nil {
		return err
	}
	if s.nonInteractive {
		return s.deny(ctx, req, ByNonInteractive, req.Sensitive+"; writing it always needs a person's approval, "+
			"and a non-interactive run has nobody to ask (--yolo allows it)")
	}
	return s.askPerson(ctx, req, an)
}

// realPaths makes paths absolute and resolves the symbolic links of
// their existing part, so that they compare with resolved request paths.
func realPaths(paths []string) []string {
	out := make([]string, 0, len(paths))
	for _, p := range paths {
		if p == "" {
			continue
		}
		abs, err := filepath.Abs(p)
		if err != nil {
			continue
		}
		if r, err := fsguard.Resolve(abs, abs); err == nil {
			abs = r.Abs
		}
		out = append(out, abs)
	}
	return out
}
