package procgroup_test

import (
	"bufio"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/honecode/hone/internal/procgroup"
)

func supervised(t *testing.T) *procgroup.Launcher {
	t.Helper()
	l := procgroup.NewLauncher(procgroup.Options{Supervisor: []string{os.Args[0], procgroup.ServeArg}, Env: os.Environ()})
	t.Cleanup(func() { _ = l.Close() })
	return l
}

func TestSupervisedExitAndSignal(t *testing.T) {
	t.Parallel()
	l := supervised(t)
	c, err := l.Start(procgroup.Spec{Path: "sh", Args: []string{"-c", "exit 3"}, Env: os.Environ()})
	if err != nil {
		t.Fatal(err)
	}
	if !l.Supervised() {
		t.Fatal("launcher is not using its supervisor")
	}
	if got := c.Exit(); got.Code != 3 || got.Signal != "" {
		t.Errorf("exit = %+v, want code 3", got)
	}
	c, err = l.Start(procgroup.Spec{Path: "sleep", Args: []string{"600"}, Env: os.Environ()})
	if err != nil {
		t.Fatal(err)
	}
	c.Signal(syscall.SIGTERM)
	if got := c.Exit(); got.Signal != "SIGTERM" || got.String() != "killed by SIGTERM" {
		t.Errorf("exit = %+v (%s), want SIGTERM", got, got)
	}
}

func TestSupervisedPassesFilesAndDir(t *testing.T) {
	t.Parallel()
	l := supervised(t)
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	c, err := l.Start(procgroup.Spec{Path: "sh", Args: []string{"-c", `pwd; echo "$X"; echo three >&3`}, Dir: dir,
		Env: []string{"X=set", "PATH=" + os.Getenv("PATH")}, Files: []*os.File{nil, w, w, w}})
	w.Close()
	if err != nil {
		t.Fatal(err)
	}
	out, _ := bufio.NewReader(r).ReadString(0)
	c.Exit()
	if want := dir + "\nset\nthree\n"; out != want {
		t.Errorf("output %q, want %q", out, want)
	}
}

func TestCloseKillsChildren(t *testing.T) {
	t.Parallel()
	l := supervised(t)
	c, err := l.Start(procgroup.Spec{Path: "sleep", Args: []string{"600"}, Env: os.Environ()})
	if err != nil {
		t.Fatal(err)
	}
	_ = l.Close()
	if !dead(c.Pid()) {
		t.Errorf("child %d survived Close", c.Pid())
	}
	if _, err := l.Start(procgroup.Spec{Path: "true"}); err == nil {
		t.Error("Start after Close succeeded")
	}
}

// A SIGKILLed Hone takes every process it started with it: the child, a
// background job in its group, and a daemon that left the group.
func TestKilledHoneLeavesNoProcess(t *testing.T) {
	t.Parallel()
	script := `sleep 600 & echo $!; setsid sh -c 'sleep 601 & echo $!; wait' & sleep 1; sleep 602`
	cmd := exec.Command(os.Args[0], "__fake_hone", script)
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(stdout)
	var pids []int
	for len(pids) < 3 && sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "supervised:") {
			if !strings.Contains(line, "supervised: true") {
				t.Fatalf("fake hone: %s", line)
			}
			f := strings.Fields(line)
			pid, _ := strconv.Atoi(f[len(f)-1])
			pids = append(pids, pid)
			continue
		}
		pid, err := strconv.Atoi(line)
		if err != nil {
			t.Fatalf("fake hone said %q", line)
		}
		pids = append(pids, pid)
	}
	if len(pids) < 3 {
		t.Fatalf("got pids %v", pids)
	}
	_ = cmd.Process.Kill()
	_ = cmd.Wait()
	deadline := time.Now().Add(2 * time.Second)
	for _, pid := range pids {
		for !gone(pid) && time.Now().Before(deadline) {
			time.Sleep(10 * time.Millisecond)
		}
		if !gone(pid) {
			t.Errorf("process %d outlived the killed Hone by 2 s", pid)
		}
	}
}

// gone reports whether pid no longer runs (exited, or a zombie).
func gone(pid int) bool {
	if err := syscall.Kill(pid, 0); err != nil {
		return true
	}
	stat, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	i := strings.LastIndexByte(string(stat), ')')
	return err != nil || i > 0 && strings.HasPrefix(string(stat[i+1:]), " Z")
}

// TestPrestartRunsTheSupervisorBeforeAnyChild: after Prestart the
// supervisor comes up with no child asked for, and the first Start uses
// it; Close after Prestart leaves nothing running.
func TestPrestartRunsTheSupervisorBeforeAnyChild(t *testing.T) {
	t.Parallel()
	l := supervised(t)
	l.Prestart()
	deadline := time.Now().Add(10 * time.Second)
	for !l.Supervised() {
		if time.Now().After(deadline) {
			t.Fatal("supervisor not running 10 s after Prestart")
		}
		time.Sleep(5 * time.Millisecond)
	}
	c, err := l.Start(procgroup.Spec{Path: "sh", Args: []string{"-c", "exit 4"}, Env: os.Environ()})
	if err != nil {
		t.Fatal(err)
	}
	if got := c.Exit(); got.Code != 4 {
		t.Errorf("exit = %+v, want code 4", got)
	}
	closed := procgroup.NewLauncher(procgroup.Options{Supervisor: []string{os.Args[0], procgroup.ServeArg}, Env: os.Environ()})
	if err := closed.Close(); err != nil {
		t.Fatal(err)
	}
	closed.Prestart()
	time.Sleep(20 * time.Millisecond)
	if closed.Supervised() {
		t.Error("Prestart after Close started a supervisor")
	}
}
