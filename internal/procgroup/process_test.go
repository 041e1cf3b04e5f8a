package procgroup_test

import (
	"errors"
	"os"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/honecode/hone/internal/procgroup"
)

func TestStopKillsTheWholeGroup(t *testing.T) {
	t.Parallel()
	// The shell ignores stdin EOF and SIGTERM and leaves a grandchild.
	p, err := procgroup.Start(nil, "sh", []string{"-c", `trap '' TERM; sleep 600 & echo $! >&2; while :; do sleep 1; done`}, os.Environ(), t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	var grandchild int
	for deadline := time.Now().Add(5 * time.Second); grandchild == 0 && time.Now().Before(deadline); {
		grandchild, _ = strconv.Atoi(p.StderrTail(1))
		time.Sleep(10 * time.Millisecond)
	}
	if grandchild == 0 {
		t.Fatal("no grandchild pid")
	}
	p.Stop(100 * time.Millisecond)
	if !p.Exited() {
		t.Fatal("Stop returned before the child exited")
	}
	for _, pid := range []int{p.Pid(), grandchild} {
		if !dead(pid) {
			t.Errorf("process %d survived Stop", pid)
		}
	}
}

// dead reports whether pid is gone or a zombie (killed, waiting for the
// reaper it was reparented to), within a moment.
func dead(pid int) bool {
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		if err := syscall.Kill(pid, 0); errors.Is(err, syscall.ESRCH) {
			return true
		}
		stat, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
		if i := strings.LastIndexByte(string(stat), ')'); err == nil && i > 0 && strings.HasPrefix(string(stat[i+1:]), " Z") {
			return true
		}
	}
	return false
}

func TestExitReason(t *testing.T) {
	t.Parallel()
	p, err := procgroup.Start(nil, "sh", []string{"-c", "echo first >&2; echo config missing >&2; exit 3"}, os.Environ(), "")
	if err != nil {
		t.Fatal(err)
	}
	<-p.Done()
	if got := p.ExitReason(); got != "exited: exit status 3: first | config missing" {
		t.Errorf("ExitReason = %q", got)
	}
	p.Stop(time.Second)
}

func TestStartEnvAndDir(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	p, err := procgroup.Start(nil, "sh", []string{"-c", `echo "$HONE_TEST_VAR $(pwd)" >&2`}, procgroup.MergeEnv(os.Environ(), map[string]string{"HONE_TEST_VAR": "set"}), dir)
	if err != nil {
		t.Fatal(err)
	}
	<-p.Done()
	if got := p.StderrTail(1); !strings.HasPrefix(got, "set /") || !strings.HasSuffix(got, dir[strings.LastIndex(dir, "/"):]) {
		t.Errorf("stderr %q", got)
	}
	p.Stop(time.Second)
}

func TestStartMissingCommand(t *testing.T) {
	t.Parallel()
	if _, err := procgroup.Start(nil, "hone-no-such-command", nil, nil, ""); err == nil || !strings.Contains(err.Error(), "executable file not found") {
		t.Errorf("err = %v", err)
	}
}

func TestMergeEnv(t *testing.T) {
	t.Parallel()
	got := procgroup.MergeEnv([]string{"A=1", "B=2"}, map[string]string{"B": "3", "C": "4"})
	if strings.Join(got, " ") != "A=1 B=3 C=4" {
		t.Errorf("MergeEnv = %v", got)
	}
}
