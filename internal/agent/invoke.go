package agent

import (
	"context"
	"fmt"
	"path/filepath"

	"github.com/honecode/hone/internal/extend"
	"github.com/honecode/hone/internal/fsguard"
	"github.com/honecode/hone/internal/hooks"
	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/permission"
)

// maxRefBytes bounds a file a command pulls in with @path.
const maxRefBytes = 256 << 10

// expandPrompt turns a prompt into the parts stored as the user message:
// a /name of a custom command or user-invocable skill keeps the line the
// person typed as the first part and adds its expansion as the second;
// SessionStart and UserPromptSubmit hooks may add context (or block the
// prompt with a *PromptBlockedError). Attachments stay last.
func (c *Coordinator) expandPrompt(ctx context.Context, sessionID, prompt string, parts []llm.Part) ([]llm.Part, *extend.Invocation, error) {
	added, err := c.promptHooks(ctx, sessionID, prompt)
	if err != nil {
		return nil, nil, err
	}
	inv, ok := c.cfg.Extensions.Invoke(prompt, c.readRef)
	if !ok && len(added) == 0 {
		return parts, nil, nil
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
	out = append(out, rest...)
	if !ok {
		return out, nil, nil
	}
	return out, &inv, nil
}

// applyCommand lets a custom command shape the turn it starts: its model
// (resolved like a sub-agent's) and its allowed-tools, which apply like
// allow rules for that turn.
func (c *Coordinator) applyCommand(spec *turnSpec, inv *extend.Invocation) {
	if inv == nil || inv.Command == nil {
		return
	}
	if m := inv.Command.Model; m != "" {
		spec.models = c.subAgentModels(m)
	}
	for _, t := range inv.Command.AllowedTools {
		r, err := permission.ParseRule(hooks.HoneRule(t))
		if err != nil {
			c.log.Warn("command allowed-tools entry ignored", "command", inv.Name, "file", inv.Command.File, "err", err)
			continue
		}
		spec.allow = append(spec.allow, r)
	}
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
