package tui

import (
	"context"
	"errors"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/honecode/hone/internal/permission"
	"github.com/honecode/hone/internal/tui/editor"
)

// Commands that talk to the backend. Each captures what it needs when it
// is created and never touches the model.

func checkSetupCmd(ctx context.Context, b Setup) tea.Cmd {
	return func() tea.Msg {
		st, err := b.SetupStatus(ctx)
		return setupStatusMsg{status: st, err: err}
	}
}

func detectOllamaCmd(ctx context.Context, b Setup) tea.Cmd {
	return func() tea.Msg {
		info, err := b.DetectOllama(ctx)
		return ollamaMsg{info: info, err: err}
	}
}

func saveSetupCmd(ctx context.Context, b Setup, sel ProviderSelection) tea.Cmd {
	return func() tea.Msg { return setupSavedMsg{err: b.SaveSetup(ctx, sel)} }
}

// loadSessionCmd reads a session with its messages and queue. An empty id
// with latest set opens the project's newest session, if any.
func loadSessionCmd(ctx context.Context, b Backend, id string, latest bool) tea.Cmd {
	return func() tea.Msg {
		if id == "" && latest {
			s, err := b.LatestSession(ctx)
			if err != nil {
				return sessionLoadedMsg{} // no session yet: start a new one
			}
			id = s.ID
		}
		s, err := b.GetSession(ctx, id)
		if err != nil {
			return sessionLoadedMsg{err: err}
		}
		msgs, more, err := b.MessagesTail(ctx, id, pageSize)
		if err != nil {
			return sessionLoadedMsg{err: err}
		}
		return sessionLoadedMsg{sess: s, msgs: msgs, more: more, queue: b.Queue(id), busy: b.IsBusy(id)}
	}
}

// pageSize is how many messages a session opens with, and how many more
// each scroll past the first loaded one reads.
const pageSize = 200

// loadOlderCmd reads the page of messages before the message before.
func loadOlderCmd(ctx context.Context, b Transcript, sessionID, before string) tea.Cmd {
	return func() tea.Msg {
		msgs, more, err := b.MessagesBefore(ctx, sessionID, before, pageSize)
		return olderLoadedMsg{sessionID: sessionID, before: before, msgs: msgs, more: more, err: err}
	}
}

func createSessionCmd(ctx context.Context, b Sessions, prompt editor.Submit) tea.Cmd {
	return func() tea.Msg {
		s, err := b.CreateSession(ctx)
		return sessionCreatedMsg{sess: s, prompt: prompt, err: err}
	}
}

// runCmd reads the attachments and runs the prompt; it returns when the
// turn ends (or at once when the prompt was queued).
func runCmd(ctx context.Context, b Agent, workDir, sessionID string, seq int, p editor.Submit) tea.Cmd {
	return func() tea.Msg {
		atts, err := readAttachments(workDir, p.Attachments)
		if err == nil {
			err = b.Run(ctx, sessionID, p.Text, atts)
		}
		if errors.Is(err, context.Canceled) {
			err = nil
		}
		return runDoneMsg{sessionID: sessionID, seq: seq, busy: b.IsBusy(sessionID), err: err}
	}
}

// retryCmd retries the session's last turn; like runCmd it returns when
// the turn ends (seq -1: no prompt is in flight).
func retryCmd(ctx context.Context, b Agent, sessionID string) tea.Cmd {
	return func() tea.Msg {
		err := b.Retry(ctx, sessionID)
		if errors.Is(err, context.Canceled) {
			err = nil
		}
		return runDoneMsg{sessionID: sessionID, seq: -1, busy: b.IsBusy(sessionID), err: err}
	}
}

func cancelCmd(b Agent, sessionID string, then tea.Msg) tea.Cmd {
	return func() tea.Msg {
		b.Cancel(sessionID)
		return then
	}
}

// restoreQueueCmd takes the queued prompts ids out of the queue and
// returns the ids and texts of those still queued (a prompt the turn
// folded in meanwhile is already sent, so it does not come back).
func restoreQueueCmd(ctx context.Context, b PromptQueue, sessionID string, ids []string) tea.Cmd {
	return func() tea.Msg {
		queued := map[string]string{}
		for _, q := range b.Queue(sessionID) {
			queued[q.MessageID] = q.Text
		}
		var msg queueRestoredMsg
		for _, id := range ids {
			text, ok := queued[id]
			if !ok {
				continue
			}
			if err := b.RemoveQueued(ctx, sessionID, id); err != nil {
				msg.err = err
				return msg
			}
			msg.ids = append(msg.ids, id)
			msg.texts = append(msg.texts, text)
		}
		return msg
	}
}

func removeQueuedCmd(ctx context.Context, b PromptQueue, sessionID, id string) tea.Cmd {
	return func() tea.Msg {
		return queueRemovedMsg{id: id, err: b.RemoveQueued(ctx, sessionID, id)}
	}
}

func listSessionsCmd(ctx context.Context, b Sessions) tea.Cmd {
	return func() tea.Msg {
		list, err := b.ListSessions(ctx)
		return sessionsListMsg{list: list, err: err}
	}
}

func modelStateCmd(ctx context.Context, b Models, openDialog bool) tea.Cmd {
	return func() tea.Msg {
		st, err := b.ModelState(ctx)
		return modelStateMsg{state: st, openDialog: openDialog, err: err}
	}
}

func setModelCmd(ctx context.Context, b Models, role ModelRole, ref string) tea.Cmd {
	return func() tea.Msg {
		if err := b.SetModel(ctx, role, ref); err != nil {
			return modelStateMsg{err: err}
		}
		st, err := b.ModelState(ctx)
		return modelStateMsg{state: st, err: err}
	}
}

func filesCmd(ctx context.Context, b Transcript, sessionID string) tea.Cmd {
	if sessionID == "" {
		return nil
	}
	return func() tea.Msg {
		files, err := b.FileChanges(ctx, sessionID)
		return filesMsg{sessionID: sessionID, files: files, err: err}
	}
}

func serversCmd(ctx context.Context, b Environment) tea.Cmd {
	return func() tea.Msg { return serversMsg{servers: b.Servers(ctx)} }
}

func modeCmd(b Permissions) tea.Cmd {
	return func() tea.Msg { return modeMsg{mode: b.PermissionMode()} }
}

func setModeCmd(b Permissions, mode string) tea.Cmd {
	return func() tea.Msg {
		err := b.SetPermissionMode(mode)
		return modeMsg{mode: b.PermissionMode(), set: true, err: err}
	}
}

func respondCmd(b Permissions, id string, a permission.Answer, feedback string) tea.Cmd {
	return func() tea.Msg {
		if err := b.RespondPermission(id, a, feedback); err != nil {
			return doneMsg{err: err}
		}
		if a == permission.AllowAlways {
			return doneMsg{text: "always allowed: the rule is saved in your config"}
		}
		return nil
	}
}

func renameCmd(ctx context.Context, b Sessions, id, title string) tea.Cmd {
	return func() tea.Msg {
		if err := b.RenameSession(ctx, id, title); err != nil {
			return doneMsg{err: err}
		}
		list, err := b.ListSessions(ctx)
		return sessionsListMsg{list: list, err: err}
	}
}

func deleteCmd(ctx context.Context, b Sessions, id string) tea.Cmd {
	return func() tea.Msg {
		if err := b.DeleteSession(ctx, id); err != nil {
			return doneMsg{err: err}
		}
		list, err := b.ListSessions(ctx)
		return sessionsListMsg{list: list, err: err}
	}
}

func summarizeCmd(ctx context.Context, b Agent, id, focus string) tea.Cmd {
	return func() tea.Msg {
		if err := b.Summarize(ctx, id, focus); err != nil {
			return doneMsg{err: err}
		}
		return doneMsg{text: "session summarized"}
	}
}

func undoCmd(ctx context.Context, b Agent, id string) tea.Cmd {
	return func() tea.Msg {
		res, err := b.UndoLastTurn(ctx, id)
		return undoneMsg{res: res, err: err}
	}
}

// frameInterval paces spinners and the redraw of streaming markdown.
const frameInterval = 80 * time.Millisecond

func tickCmd() tea.Cmd {
	return tea.Tick(frameInterval, func(time.Time) tea.Msg { return tickMsg{} })
}

func serversTickCmd() tea.Cmd {
	return tea.Tick(5*time.Second, func(time.Time) tea.Msg { return serversTickMsg{} })
}

func flashClearCmd(id int) tea.Cmd {
	return tea.Tick(4*time.Second, func(time.Time) tea.Msg { return flashClearMsg{id: id} })
}
