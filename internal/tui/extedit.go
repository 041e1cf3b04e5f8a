package tui

import (
	"os"
	"os/exec"
	"strings"

	tea "charm.land/bubbletea/v2"
)

// The prompt is edited in $EDITOR in three steps, keeping IO out of
// Update: write a temp file (command), run the editor (tea.ExecProcess),
// read the file back (command).

func writePromptFileCmd(text string) tea.Cmd {
	return func() tea.Msg {
		f, err := os.CreateTemp("", "hone-prompt-*.md")
		if err != nil {
			return externalReadyMsg{err: err}
		}
		defer f.Close()
		if _, err := f.WriteString(text); err != nil {
			return externalReadyMsg{err: err}
		}
		return externalReadyMsg{path: f.Name()}
	}
}

// editorCommand picks the editor: the option, $VISUAL, $EDITOR, then vi.
func editorCommand(opt string, getenv func(string) string) []string {
	for _, e := range []string{opt, getenv("VISUAL"), getenv("EDITOR")} {
		if f := strings.Fields(e); len(f) > 0 {
			return f
		}
	}
	return []string{"vi"}
}

func runEditorCmd(editor []string, path string) tea.Cmd {
	args := append(append([]string(nil), editor[1:]...), path)
	c := exec.Command(editor[0], args...)
	return tea.ExecProcess(c, func(err error) tea.Msg { return externalDoneMsg{path: path, err: err} })
}

func readPromptFileCmd(path string) tea.Cmd {
	return func() tea.Msg {
		defer os.Remove(path)
		b, err := os.ReadFile(path)
		return externalTextMsg{text: string(b), err: err}
	}
}
