package tui

import (
	"charm.land/bubbles/v2/key"

	"github.com/honecode/hone/internal/tui/chat"
	permdlg "github.com/honecode/hone/internal/tui/dialogs/permission"
	"github.com/honecode/hone/internal/tui/editor"
	"github.com/honecode/hone/internal/tui/queue"
)

func editorKeys() []key.Binding { return editor.DefaultKeyMap().Bindings() }

func chatKeys() []key.Binding { return chat.DefaultKeyMap().Bindings() }

func queueKeys() []key.Binding {
	k := queue.DefaultKeyMap()
	return []key.Binding{k.Prev, k.Next, k.Remove}
}

func permissionKeys() []key.Binding { return permdlg.DefaultKeyMap().Bindings() }
