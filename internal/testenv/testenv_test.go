package testenv

import (
	"os/exec"
	"testing"
)

func TestLookPathFindsAnInstalledProgram(t *testing.T) {
	want, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh on PATH")
	}
	if got := LookPath(t, "sh"); got != want {
		t.Fatalf("LookPath(sh) = %q, want %q", got, want)
	}
}

// A missing program skips the test outside CI and fails it in CI.
func TestLookPathMissingProgram(t *testing.T) {
	for _, ci := range []string{"", "true"} {
		t.Run("CI="+ci, func(t *testing.T) {
			t.Setenv("CI", ci)
			rec := &recorder{TB: t}
			func() {
				defer func() { _ = recover() }() // Skipf/Fatalf stop the goroutine in real tests
				LookPath(rec, "hone-no-such-program")
			}()
			if ci == "" && (!rec.skipped || rec.failed) || ci != "" && (!rec.failed || rec.skipped) {
				t.Fatalf("CI=%q: skipped %v, failed %v", ci, rec.skipped, rec.failed)
			}
		})
	}
}

// recorder notes Skipf and Fatalf instead of acting on them.
type recorder struct {
	testing.TB
	skipped, failed bool
}

func (r *recorder) Helper() {}
func (r *recorder) Skipf(string, ...any) {
	r.skipped = true
	panic("skip")
}
func (r *recorder) Fatalf(string, ...any) {
	r.failed = true
	panic("fatal")
}
