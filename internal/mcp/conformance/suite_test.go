package main

import (
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
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
	list, err := exec.Command(suite, "list", "--client").Output()
	if err != nil {
		t.Fatalf("conformance list: %v", err)
	}
	scenarios := listed(string(list))
	if len(scenarios) == 0 {
		t.Fatal("the suite lists no client scenarios")
	}
	cmd := exec.Command(unshare, "-n", "sh", "-c",
		`ip link set lo up && exec "$0" client --suite all --command "$1"`, suite, bin)
	cmd.Dir = t.TempDir() // the suite writes results/ there
	out, _ := cmd.CombinedOutput()
	for _, s := range scenarios {
		if n := passed(string(out), s); n <= 0 {
			t.Errorf("scenario %s did not pass with a non-zero count", s)
		}
	}
	if t.Failed() {
		t.Logf("suite output:\n%s", out)
	}
}

// listed returns the scenario names of `conformance list --client`.
func listed(out string) []string {
	var names []string
	for _, line := range strings.Split(out, "\n") {
		if name, ok := strings.CutPrefix(line, "  - "); ok {
			names = append(names, strings.TrimSpace(name))
		}
	}
	return names
}

// passed returns the passed count of scenario's summary line when it has
// no failures and no warnings, else -1.
func passed(out, scenario string) int {
	re := regexp.MustCompile(`(?m)^✓ ` + regexp.QuoteMeta(scenario) + `: (\d+) passed, 0 failed$`)
	m := re.FindStringSubmatch(out)
	if m == nil {
		return -1
	}
	n, _ := strconv.Atoi(m[1])
	return n
}
