package agent

import (
	"context"
	"fmt"
	"path/filepath"

	"github.com/honecode/hone/internal/fsguard"
	"github.com/honecode/hone/internal/llm"
)

// maxRefBytes bounds a file a command pulls in with @path.
const maxRefBytes = 256 << 10

// expandPrompt turns a prompt into the parts stored as the user message:
// a /name of a custom command or user-invocable skill keeps the line the
// person typed as the first part and adds its expansion as the second;
// SessionStart and UserPromptSubmit hooks may add context (or block the
// prompt with a *PromptBlockedError). Attachments stay last.
func (c *Coordinator) expandPrompt(ctx context.Context, sessionID, prompt string, parts []llm.Part) ([]llm.Part, error) {
	added, err := c.promptHooks(ctx, sessionID, prompt)
	if err != nil {
		return nil, err
	}
	inv, ok := c.cfg.Extensions.Invoke(prompt, c.readRef)
	if !ok && len(added) == 0 {
		return parts, nil
	}
	head, rest := parts, []llm.Part(nil)
	if len(parts) > 0 && parts[0].Type == llm.PartText {
		head, rest = parts[:1], parts[1:]
	}
	out := append([]llm.Part(nil), head...)
	if ok {
		out = append(out, llm.Text(inv.Text))
	}
	out = append(out, added...)
	return append(out, rest...), nil
}

// readRef reads a file a command references as @path: inside the
// working directory only (symbolic links resolved like the kernel does),
// a regular file, bounded.
func (c *Coordinator) readRef(path string) (string, error) {
	res, err := fsguard.Resolve(c.cfg.WorkDir, path)
	if err != nil {
		return "", err
	}
	if !res.Inside {
		return "", fmt.Errorf("%s is outside the project", path)
	}
	f, err := fsguard.OpenRead(res.Abs)
	if err != nil {
		return "", err
	}
	defer f.Close()
	data, more, err := fsguard.ReadRegular(f, maxRefBytes)
	if err != nil {
		return "", err
	}
	text := string(data)
	if more {
		text += fmt.Sprintf("\n[%s is longer; only its first %d KiB are shown]", filepath.Base(path), maxRefBytes>>10)
	}
	return text, nil
}
