package procgroup

import (
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"strings"
)

// resolve looks a program name up in PATH (Hone's PATH, which the
// allowlisted environment of children keeps).
func resolve(path string) (string, error) {
	if strings.Contains(path, "/") {
		return path, nil
	}
	p, err := exec.LookPath(path)
	if err != nil {
		return "", fmt.Errorf("start %s: %w", path, err)
	}
	return p, nil
}

// spawn starts the child described by spec (Path already resolved). With
// setup, the child is forked from a fresh OS thread that setup confined
// first and that is discarded afterwards, so the calling process stays
// unconfined.
func spawn(spec Spec, setup func() error) (*os.Process, error) {
	files, closeAll, err := childFiles(spec.Files)
	if err != nil {
		return nil, err
	}
	defer closeAll()
	attr := &os.ProcAttr{Dir: spec.Dir, Env: spec.Env, Files: files, Sys: groupAttr(spec.Session)}
	argv := append([]string{spec.Path}, spec.Args...)
	if setup == nil {
		return startProcess(spec.Path, argv, attr)
	}
	type result struct {
		p   *os.Process
		err error
	}
	res := make(chan result, 1)
	go onFreshThread(func() {
		if err := setup(); err != nil {
			res <- result{nil, err}
			return
		}
		p, err := startProcess(spec.Path, argv, attr)
		res <- result{p, err}
	})
	r := <-res
	return r.p, r.err
}

func startProcess(path string, argv []string, attr *os.ProcAttr) (*os.Process, error) {
	p, err := os.StartProcess(path, argv, attr)
	if err != nil {
		return nil, fmt.Errorf("start %s: %w", path, err)
	}
	return p, nil
}

// onFreshThread runs fn on an OS thread of its own that ends with it: the
// goroutine never unlocks the thread, so the Go runtime terminates it
// instead of reusing whatever fn changed (namespaces, Landlock, no
// capabilities). The main thread is never used, since it cannot end.
func onFreshThread(fn func()) {
	runtime.LockOSThread()
	if isMainThread() {
		done := make(chan struct{})
		go func() {
			onFreshThread(fn)
			close(done)
		}()
		<-done
		runtime.UnlockOSThread()
		return
	}
	fn()
}

// childFiles fills missing standard descriptors with /dev/null; closeAll
// closes what it opened.
func childFiles(in []*os.File) (files []*os.File, closeAll func(), err error) {
	files = append([]*os.File(nil), in...)
	for len(files) < 3 {
		files = append(files, nil)
	}
	var opened []*os.File
	closeAll = func() {
		for _, f := range opened {
			_ = f.Close()
		}
	}
	for i, f := range files {
		if f != nil {
			continue
		}
		null, err := os.OpenFile(os.DevNull, os.O_RDWR, 0)
		if err != nil {
			closeAll()
			return nil, nil, fmt.Errorf("open %s: %w", os.DevNull, err)
		}
		opened = append(opened, null)
		files[i] = null
	}
	return files, closeAll, nil
}
