package cmd

import (
	"context"
	"fmt"
	"io"
	"text/tabwriter"

	"github.com/honecode/hone/internal/app"
	"github.com/honecode/hone/internal/session"
)

// maxTreeDepth bounds how deep sub-agents are followed.
const maxTreeDepth = 8

// loadTree builds the operation tree of session s and its sub-agents.
func loadTree(ctx context.Context, st *app.Store, s session.Session, depth int) (*session.Node, error) {
	msgs, err := st.Messages.List(ctx, s.ID)
	if err != nil {
		return nil, err
	}
	turns, err := st.Sessions.Turns(ctx, s.ID)
	if err != nil {
		return nil, err
	}
	ops, err := st.Sessions.Operations(ctx, s.ID)
	if err != nil {
		return nil, err
	}
	in := session.TreeInput{Session: s, Messages: msgs, Turns: turns, Ops: ops, Children: map[string]*session.Node{}}
	if depth < maxTreeDepth {
		kids, err := st.Sessions.Children(ctx, s.ID)
		if err != nil {
			return nil, err
		}
		for _, k := range kids {
			sub, err := loadTree(ctx, st, k, depth+1)
			if err != nil {
				return nil, err
			}
			sub.Kind = session.NodeSubAgent
			in.Children[k.ParentCallID] = sub
		}
	}
	return session.BuildTree(in), nil
}

// printTree writes the tree with one line per node and its totals.
func printTree(w io.Writer, root *session.Node) error {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "OPERATION\tOUTCOME\tLATENCY\tIN\tOUT\tCACHE R/W\tCOST")
	treeLines(tw, root, "", "")
	return tw.Flush()
}

func treeLines(w io.Writer, n *session.Node, first, rest string) {
	t := n.Tokens
	fmt.Fprintf(w, "%s%s\t%s\t%s\t%s\t%s\t%s/%s\t$%.4f\n", first, nodeLabel(n), n.Outcome,
		millis(n.LatencyMS), session.FormatCount(t.Input), session.FormatCount(t.Output),
		session.FormatCount(t.CacheRead), session.FormatCount(t.CacheWrite), n.Cost)
	for i, c := range n.Children {
		if i == len(n.Children)-1 {
			treeLines(w, c, rest+"└─ ", rest+"   ")
		} else {
			treeLines(w, c, rest+"├─ ", rest+"│  ")
		}
	}
}

func nodeLabel(n *session.Node) string {
	switch n.Kind {
	case session.NodeSession, session.NodeSubAgent:
		return fmt.Sprintf("%s %s %q", n.Kind, n.ID, n.Name)
	case session.NodeTurn:
		return fmt.Sprintf("turn %q", n.Name)
	case session.NodeTool:
		if n.ResultBytes > 0 {
			return fmt.Sprintf("tool %s (%s)", n.Name, byteCount(n.ResultBytes))
		}
		return "tool " + n.Name
	case session.NodeSwitch:
		return n.Detail
	case session.NodeFailover:
		return "failover: " + n.Name
	case session.NodeStep:
		if n.Detail != "" {
			return "step " + n.Name + ": " + n.Detail
		}
	}
	return n.Kind + " " + n.Name
}

func byteCount(n int64) string {
	switch {
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.1f KiB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d B", n)
}
