package tools

import (
	"errors"
	"fmt"
	"strconv"
	"sync"
	"time"

	"github.com/honecode/hone/internal/shell"
)

// Bounds on background jobs: how many may run at once, and how many
// (running or finished) are remembered; the oldest finished ones are
// forgotten first.
const (
	maxRunningJobs = 16
	maxKeptJobs    = 64
)

// ErrTooManyJobs is returned when starting a job while maxRunningJobs are
// running.
var ErrTooManyJobs = errors.New("too many background jobs running")

// JobManager holds the shell state of every session: its background jobs
// (bash with run_in_background, read with job_output, stopped with
// job_kill) and its working directory, which persists between bash calls.
// The app creates one, puts it in Env.Jobs and calls Close at exit.
type JobManager struct {
	mu     sync.Mutex
	jobs   map[string]*job
	dirs   map[string]string // session id → working directory
	nextID int
	closed bool
}

// job is one background command.
type job struct {
	id        string
	sessionID string
	command   string
	started   time.Time
	proc      *shell.Process
	// out keeps the whole output once it outgrows what proc keeps.
	out *spill

	mu   sync.Mutex
	read int64 // output offset already returned by job_output
}

// NewJobManager returns an empty manager.
func NewJobManager() *JobManager {
	return &JobManager{jobs: map[string]*job{}, dirs: map[string]string{}}
}

// Dir returns the session's working directory ("" when none was set).
func (m *JobManager) Dir(sessionID string) string {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.dirs[sessionID]
}

// SetDir records the session's working directory.
func (m *JobManager) SetDir(sessionID, dir string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.dirs[sessionID] = dir
}

// start runs spec as a background job of the session and returns its id;
// out (when set) is closed and cleanup runs once the job ended (cleanup
// at once when it did not start).
func (m *JobManager) start(sessionID, command string, spec shell.Spec, out *spill, cleanup func()) (id string, err error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	defer func() {
		if err != nil {
			cleanup()
		}
	}()
	if m.closed {
		return "", errors.New("shutting down")
	}
	running := 0
	for _, j := range m.jobs {
		if !j.finished() {
			running++
		}
	}
	if running >= maxRunningJobs {
		return "", fmt.Errorf("%w (%d); stop one with job_kill first", ErrTooManyJobs, running)
	}
	proc, err := shell.Start(spec)
	if err != nil {
		return "", err
	}
	go func() { // finish the saved output (and its index) when the job ends
		<-proc.Done()
		if out != nil {
			out.Close()
		}
		cleanup()
	}()
	m.nextID++
	id = "job-" + strconv.Itoa(m.nextID)
	m.jobs[id] = &job{id: id, sessionID: sessionID, command: command, started: time.Now(), proc: proc, out: out}
	m.prune()
	return id, nil
}

// prune forgets the oldest finished jobs beyond maxKeptJobs; m.mu is held.
func (m *JobManager) prune() {
	for i := 1; i <= m.nextID && len(m.jobs) > maxKeptJobs; i++ {
		id := "job-" + strconv.Itoa(i)
		if j, ok := m.jobs[id]; ok && j.finished() {
			delete(m.jobs, id)
		}
	}
}

// get returns the session's job with the given id.
func (m *JobManager) get(sessionID, id string) (*job, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	j, ok := m.jobs[id]
	if !ok || j.sessionID != sessionID {
		return nil, false
	}
	return j, true
}

// ids lists the session's job ids, for error messages.
func (m *JobManager) ids(sessionID string) []string {
	m.mu.Lock()
	defer m.mu.Unlock()
	var out []string
	for i := 1; i <= m.nextID; i++ {
		if j, ok := m.jobs["job-"+strconv.Itoa(i)]; ok && j.sessionID == sessionID {
			out = append(out, j.id)
		}
	}
	return out
}

// Close stops every job (SIGINT to its process group, SIGKILL after the
// grace period) and waits for them; later starts fail.
func (m *JobManager) Close() {
	m.mu.Lock()
	m.closed = true
	jobs := make([]*job, 0, len(m.jobs))
	for _, j := range m.jobs {
		jobs = append(jobs, j)
	}
	m.mu.Unlock()
	var wg sync.WaitGroup
	for _, j := range jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			j.proc.Stop()
		}()
	}
	wg.Wait()
}

// unread returns the job's output since the last call.
func (j *job) unread() string {
	j.mu.Lock()
	defer j.mu.Unlock()
	s, next := j.proc.Output().Since(j.read)
	j.read = next
	return s
}

// savedNote tells where the job's whole output is kept ("" while it fits
// in what job_output shows).
func (j *job) savedNote() (string, string) {
	if j.out == nil {
		return "", ""
	}
	if j.finished() {
		saved, note := j.out.Close()
		return saved.Path, note
	}
	if path := j.out.path(); path != "" {
		return path, fmt.Sprintf("[The job's whole output so far is being saved at %s; read it with view (offset, limit) or grep once the job is done.]", path)
	}
	return "", ""
}

// finished reports whether the job has ended.
func (j *job) finished() bool {
	select {
	case <-j.proc.Done():
		return true
	default:
		return false
	}
}

// status describes the job's state in one line.
func (j *job) status() string {
	if j.finished() {
		return "finished: " + describeExit(j.proc.Exit())
	}
	return fmt.Sprintf("running for %s", time.Since(j.started).Round(time.Second))
}

// exitSentence tells the model how a command that failed ended.
func exitSentence(e shell.Exit) string {
	if e.Signal != "" {
		return "The command was killed by " + e.Signal + "."
	}
	return "The command exited with code " + strconv.Itoa(e.Code) + "."
}

// describeExit renders an Exit for the model.
func describeExit(e shell.Exit) string {
	if e.Signal != "" {
		return "killed by " + e.Signal
	}
	return "exit code " + strconv.Itoa(e.Code)
}
