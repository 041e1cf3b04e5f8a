package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/honecode/hone/internal/testenv"
)

// TestOfficialConformanceSuite runs every client scenario of
// @modelcontextprotocol/conformance against this client, in a network
// namespace with only loopback (its test servers listen on all
// interfaces), and requires each to pass with a non-zero count.
func TestOfficialConformanceSuite(t *testing.T) {
	t.Parallel()
	suite := testenv.LookPath(t, "conformance")
	unshare := testenv.LookPath(t, "unshare")
	if err := exec.Command(unshare, "-n", "true").Run(); err != nil {
		if testenv.InCI() {
			t.Fatalf("unshare -n: %v (CI runs as root)", err)
		}
		t.Skipf("cannot create a network namespace: %v", err)
	}
	bin := filepath.Join(t.TempDir(), "mcp-conformance-client")
	if out, err := exec.Command(testenv.LookPath(t, "go"), "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("build client: %v\n%s", err, out)
	}
	// .ci/conformance-check runs every scenario the suite lists, one at a
	// time, and fails unless each passes with a non-zero count.
	check, err := filepath.Abs("../../../.ci/conformance-check")
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(unshare, "-n", "sh", "-c", `ip link set lo up && exec "$0" "$1"`, check, bin)
	cmd.Dir = t.TempDir() // the suite writes results/ there
	cmd.Env = append(cmd.Environ(), "PATH="+filepath.Dir(suite)+":"+os.Getenv("PATH"))
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("conformance: %v\n%s", err, out)
	}
}
