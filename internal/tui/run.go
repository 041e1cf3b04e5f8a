package tui

import (
	"context"
	"fmt"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
)

// Run shows the TUI until the user quits or ctx ends. It starts the
// bridge goroutine that forwards b's broker events into the program and
// stops it on return.
func Run(ctx context.Context, b Backend, opts Options) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	progOpts := []tea.ProgramOption{tea.WithContext(ctx)}
	if opts.NoColor {
		progOpts = append(progOpts, tea.WithColorProfile(colorprofile.Ascii))
	}
	p := tea.NewProgram(NewModel(ctx, b, opts), progOpts...)
	done := make(chan struct{})
	go func() {
		defer close(done)
		Bridge(ctx, b, p.Send)
	}()
	_, err := p.Run()
	cancel()
	<-done
	if err != nil && ctx.Err() == nil {
		return fmt.Errorf("run tui: %w", err)
	}
	return nil
}
