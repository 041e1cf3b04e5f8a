package tui

import (
	"github.com/honecode/hone/internal/agent"
	"github.com/honecode/hone/internal/message"
	"github.com/honecode/hone/internal/permission"
	"github.com/honecode/hone/internal/pubsub"
	"github.com/honecode/hone/internal/session"
	"github.com/honecode/hone/internal/tui/editor"
)

// Broker events, forwarded by the bridge goroutine.
type (
	messageEventMsg    pubsub.Event[message.Message]
	sessionEventMsg    pubsub.Event[session.Session]
	agentEventMsg      pubsub.Event[agent.Event]
	permissionEventMsg pubsub.Event[permission.Request]
)

// Results of commands.
type (
	setupStatusMsg struct {
		status SetupStatus
		err    error
	}
	ollamaMsg struct {
		info OllamaInfo
		err  error
	}
	setupSavedMsg struct{ err error }

	sessionLoadedMsg struct {
		sess  session.Session
		msgs  []message.Message // the newest messages
		more  bool              // older ones exist
		queue []agent.QueuedPrompt
		busy  bool
		err   error
	}
	// olderLoadedMsg is a page of messages before the message before.
	olderLoadedMsg struct {
		sessionID, before string
		msgs              []message.Message
		more              bool
		err               error
	}
	// sessionCreatedMsg carries the prompt that made the session.
	sessionCreatedMsg struct {
		sess   session.Session
		prompt editor.Submit
		err    error
	}
	runDoneMsg struct {
		sessionID string
		seq       int // which Run call ended
		busy      bool
		err       error
	}
	sessionsListMsg struct {
		list []session.Session
		err  error
	}
	modelStateMsg struct {
		state      ModelState
		openDialog bool
		err        error
	}
	filesMsg struct {
		sessionID string
		files     []FileChange
		err       error
	}
	serversMsg struct{ servers []ServerStatus }
	// modeMsg is the permission mode now in force; set is true for the
	// answer to a switch (setModeCmd), err says why the switch failed.
	modeMsg struct {
		mode string
		set  bool
		err  error
	}
	// queueRestoredMsg carries the queued prompts Esc took out of the
	// queue, oldest first: their message ids and their texts for the
	// editor.
	queueRestoredMsg struct {
		ids   []string
		texts []string
		err   error
	}
	// queueRemovedMsg reports a queued prompt removed by its key.
	queueRemovedMsg struct {
		id  string
		err error
	}
	fileListMsg struct{ files []string }
	undoneMsg   struct {
		res UndoResult
		err error
	}
	// doneMsg reports a finished background action: text is flashed on
	// success, err on failure; refresh asks to reload the session list.
	doneMsg struct {
		text string
		err  error
	}
	externalReadyMsg struct {
		path string
		err  error
	}
	externalDoneMsg struct {
		path string
		err  error
	}
	externalTextMsg struct {
		text string
		err  error
	}
)

// Timers.
type (
	tickMsg        struct{}
	serversTickMsg struct{}
	flashClearMsg  struct{ id int }
)
