package hooks

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/message"
)

// MessageLister lists a session's stored messages, oldest first.
type MessageLister interface {
	List(ctx context.Context, sessionID string) ([]message.Message, error)
}

// TranscriptFiles returns a TranscriptWriter that exports a session to
// dir/<session>.jsonl (mode 0600) each time hooks run, so the file is as
// current as the stored session.
func TranscriptFiles(dir, cwd string, msgs MessageLister) TranscriptWriter {
	return func(ctx context.Context, sessionID string) (string, error) {
		list, err := msgs.List(ctx, sessionID)
		if err != nil {
			return "", fmt.Errorf("list messages of %s: %w", sessionID, err)
		}
		if err := os.MkdirAll(dir, 0o700); err != nil {
			return "", fmt.Errorf("transcript dir: %w", err)
		}
		path := filepath.Join(dir, filepath.Base(sessionID)+".jsonl")
		f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o600)
		if err != nil {
			return "", fmt.Errorf("transcript: %w", err)
		}
		werr := WriteTranscript(f, sessionID, cwd, list)
		if cerr := f.Close(); werr == nil {
			werr = cerr
		}
		return path, werr
	}
}

// transcriptLine is one line of the JSONL transcript, in the shape of
// Claude Code's session files: a type, ids, a timestamp and the message
// with content blocks.
type transcriptLine struct {
	Type      string         `json:"type"`
	UUID      string         `json:"uuid"`
	SessionID string         `json:"sessionId"`
	Timestamp string         `json:"timestamp"`
	Cwd       string         `json:"cwd"`
	Message   transcriptBody `json:"message"`
}

type transcriptBody struct {
	Role    string           `json:"role"`
	Model   string           `json:"model,omitempty"`
	Content []map[string]any `json:"content"`
}

// WriteTranscript writes msgs as JSONL: user and assistant messages with
// text, tool_use and tool_result blocks (tool results as user messages, as
// Claude Code stores them). Queued prompts and reasoning are left out.
func WriteTranscript(w io.Writer, sessionID, cwd string, msgs []message.Message) error {
	bw := bufio.NewWriter(w)
	enc := json.NewEncoder(bw)
	for _, m := range msgs {
		if m.Status == message.StatusQueued {
			continue
		}
		blocks := contentBlocks(m.Parts)
		if len(blocks) == 0 {
			continue
		}
		role, typ := "user", "user"
		if m.Role == llm.RoleAssistant {
			role, typ = "assistant", "assistant"
		}
		line := transcriptLine{Type: typ, UUID: m.ID, SessionID: sessionID, Cwd: cwd,
			Timestamp: time.UnixMilli(m.CreatedAt).UTC().Format(time.RFC3339Nano),
			Message:   transcriptBody{Role: role, Model: m.Model, Content: blocks}}
		if err := enc.Encode(line); err != nil {
			return fmt.Errorf("write transcript: %w", err)
		}
	}
	return bw.Flush()
}

func contentBlocks(parts []llm.Part) []map[string]any {
	var out []map[string]any
	for _, p := range parts {
		switch p.Type {
		case llm.PartText:
			out = append(out, map[string]any{"type": "text", "text": p.Text})
		case llm.PartToolCall:
			var input any = map[string]any{}
			_ = json.Unmarshal([]byte(p.Input), &input)
			out = append(out, map[string]any{"type": "tool_use", "id": p.ToolCallID, "name": ClaudeToolName(p.ToolName), "input": input})
		case llm.PartToolResult:
			out = append(out, map[string]any{"type": "tool_result", "tool_use_id": p.ToolCallID, "content": p.Text, "is_error": p.IsError})
		}
	}
	return out
}
