package llmtest

import "testing"

func TestCheckFidelity(t *testing.T) {
	t.Parallel()
	texts := []string{"summary:\n\nthe gist", "prompt A", "prompt B"}
	good := []string{
		`{"m":[{"c":"summary:\n\nthe gist"},{"c":"prompt A"},{"c":"prompt B"},{"img":"data:image/png;base64,QUJD"}]}`,
		`{"m":[{"c":"summary:\n\nthe gist\n\nprompt A\n\nprompt B"},{"img":"QUJD"}]}`,
	}
	bad := map[string]string{
		"glued":        `{"m":[{"c":"summary:\n\nthe gistprompt A\n\nprompt B"},{"img":"QUJD"}]}`,
		"single break": `{"m":[{"c":"summary:\n\nthe gist\nprompt A"},{"c":"prompt B"},{"img":"QUJD"}]}`,
		"out of order": `{"m":[{"c":"prompt A"},{"c":"summary:\n\nthe gist"},{"c":"prompt B"},{"img":"QUJD"}]}`,
		"image glued":  `{"m":[{"c":"summary:\n\nthe gist"},{"c":"prompt A"},{"c":"prompt B QUJD"}]}`,
	}
	for _, b := range good {
		if err := CheckFidelity([]byte(b), texts, "QUJD"); err != nil {
			t.Errorf("%s: %v", b, err)
		}
	}
	for name, b := range bad {
		if CheckFidelity([]byte(b), texts, "QUJD") == nil {
			t.Errorf("%s: accepted %s", name, b)
		}
	}
}
