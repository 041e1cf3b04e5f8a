package cmd

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/spf13/cobra"

	"github.com/honecode/hone/internal/app"
	"github.com/honecode/hone/internal/message"
	"github.com/honecode/hone/internal/session"
)

// SessionsShowOptions are the inputs of `hone sessions show`.
type SessionsShowOptions struct {
	ID    string // full id or unique prefix
	JSON  bool   // print the export document instead
	Trace bool   // add the per-step trace (models, failovers, latency, tokens)
	Full  bool   // print tool results and arguments in full
	Tree  bool   // print the operation tree instead (as JSON with JSON)
	Wire  bool   // print the session's wire trace instead
	Store *app.Store
	// TraceDir holds the wire traces (app.App.TraceDir).
	TraceDir string
}

func newSessionsShowCmd(f *Factory, runF func(context.Context, *SessionsShowOptions) error) *cobra.Command {
	opts := &SessionsShowOptions{}
	c := &cobra.Command{
		Use:   "show ID",
		Short: "Print a session's conversation: messages, tool calls and results",
		Args:  cobra.ExactArgs(1),
		RunE: func(c *cobra.Command, args []string) error {
			opts.ID = args[0]
			if runF != nil {
				return runF(c.Context(), opts)
			}
			st, err := openStore(c.Context(), f)
			if err != nil {
				return err
			}
			opts.Store = st
			if a, err := f.App(c.Context()); err == nil {
				opts.TraceDir = a.TraceDir()
			}
			return runSessionsShow(c.Context(), opts, f.IO)
		},
	}
	fl := c.Flags()
	fl.BoolVar(&opts.JSON, "json", false, "print the session, its messages and trace as JSON")
	fl.BoolVar(&opts.Trace, "trace", false, "add the trace of every model step")
	fl.BoolVar(&opts.Full, "full", false, "do not shorten long tool arguments and results")
	fl.BoolVar(&opts.Wire, "wire", false, "print the session's wire trace (--trace-llm, --trace-mcp; with --json: the JSON lines)")
	fl.BoolVar(&opts.Tree, "tree", false, "print the operation tree: turns, steps, tool calls, sub-agents, with totals (with --json: as JSON)")
	return c
}

func runSessionsShow(ctx context.Context, opts *SessionsShowOptions, io IO) error {
	if opts.Tree {
		return showTree(ctx, opts, io)
	}
	if opts.Wire {
		s, err := resolveSession(ctx, opts.Store.Sessions, opts.ID)
		if err != nil {
			return err
		}
		return printWire(io.Out, opts.TraceDir, s.ID, opts.JSON)
	}
	if opts.JSON {
		doc, err := loadExport(ctx, opts.Store, opts.ID)
		if err != nil {
			return err
		}
		return doc.Encode(io.Out)
	}
	return showTranscript(ctx, opts, io)
}

// showTranscript prints the session as text, decoding and writing one
// message at a time through a buffer, so a long session starts printing
// at once and is never held whole.
func showTranscript(ctx context.Context, opts *SessionsShowOptions, io IO) error {
	s, err := resolveSession(ctx, opts.Store.Sessions, opts.ID)
	if err != nil {
		return err
	}
	out := bufio.NewWriterSize(io.Out, 64<<10)
	r := &transcript{w: out, full: opts.Full}
	r.header(s)
	if opts.Full {
		err = opts.Store.Messages.Each(ctx, s.ID, func(m message.Message) error {
			r.message(message.NewOutline(m, false))
			return r.err
		})
	} else {
		// The stored outlines hold what a shortened transcript prints.
		err = opts.Store.Messages.EachOutline(ctx, s.ID, func(o message.Outline) error {
			r.message(o)
			return r.err
		})
	}
	if err != nil {
		return errors.Join(err, out.Flush())
	}
	if opts.Trace {
		turns, err := opts.Store.Sessions.Turns(ctx, s.ID)
		if err != nil {
			return errors.Join(err, out.Flush())
		}
		r.trace(turns)
	}
	return errors.Join(r.err, out.Flush())
}

// showTree prints the session's operation tree.
func showTree(ctx context.Context, opts *SessionsShowOptions, io IO) error {
	s, err := resolveSession(ctx, opts.Store.Sessions, opts.ID)
	if err != nil {
		return err
	}
	root, err := loadTree(ctx, opts.Store, s, 0)
	if err != nil {
		return err
	}
	if opts.JSON {
		return printJSON(io.Out, root)
	}
	return printTree(io.Out, root)
}

// loadExport reads a session with its messages and turns.
func loadExport(ctx context.Context, st *app.Store, idOrPrefix string) (session.Export, error) {
	s, err := resolveSession(ctx, st.Sessions, idOrPrefix)
	if err != nil {
		return session.Export{}, err
	}
	msgs, err := st.Messages.List(ctx, s.ID)
	if err != nil {
		return session.Export{}, err
	}
	turns, err := st.Sessions.Turns(ctx, s.ID)
	if err != nil {
		return session.Export{}, err
	}
	return session.NewExport(s, msgs, turns, time.Now().UnixMilli()), nil
}

// usageLine summarizes a session's tokens and cost.
func usageLine(s session.Session) string {
	return fmt.Sprintf("%s in · %s out · %s cache read · %s cache write · $%.4f",
		session.FormatCount(s.InputTokens), session.FormatCount(s.OutputTokens),
		session.FormatCount(s.CacheReadTokens), session.FormatCount(s.CacheWriteTokens), s.Cost)
}
