package tools

import (
	"strings"
	"testing"

	"github.com/honecode/hone/internal/permission"
)

// Deny rules come first in every decision, so they refuse reads that need
// no prompt (inside the project) as well.
func TestDenyRulesRefuseInsideReads(t *testing.T) {
	t.Parallel()
	te := newToolEnv(t)
	te.write(t, "secrets/key.txt", "s3cret\n")
	te.write(t, "main.go", "package main\n")
	svc, err := permission.NewService(permission.Config{
		Rules:      permission.Rules{Mode: permission.ModeYolo, Deny: []string{"view(secrets/**)", "grep(secrets/**)"}},
		ProjectDir: te.root,
	})
	if err != nil {
		t.Fatal(err)
	}
	te.Perms = svc
	for _, tc := range []struct {
		tool string
		args jsonArgs
	}{
		{"view", jsonArgs{"file_path": "secrets/key.txt"}},
		{"grep", jsonArgs{"pattern": "s3cret", "path": "secrets"}},
	} {
		res := te.run(t, tc.tool, tc.args)
		if !res.Denied || !strings.Contains(res.Content, "denied by rule") || strings.Contains(res.Content, "s3cret") {
			t.Errorf("%s in a denied directory: %+v", tc.tool, res)
		}
	}
	if res := te.run(t, "view", jsonArgs{"file_path": "main.go"}); res.IsError {
		t.Errorf("view of an allowed file: %+v", res)
	}
}
