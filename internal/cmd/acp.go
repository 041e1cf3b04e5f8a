package cmd

import (
	"context"
	"os"
	"os/signal"
	"syscall"

	"github.com/spf13/cobra"

	"github.com/honecode/hone/internal/acp"
	"github.com/honecode/hone/internal/app"
	"github.com/honecode/hone/internal/app/acpbackend"
)

// ACPOptions are the flags of `hone acp`.
type ACPOptions struct {
	Model string
}

func newACPCmd(f *Factory) *cobra.Command {
	opts := &ACPOptions{}
	c := &cobra.Command{
		Use:   "acp",
		Short: "Serve the Agent Client Protocol on stdio (for Zed and other editors)",
		Long: `Acp makes Hone an Agent Client Protocol agent: an editor starts it and drives it with
JSON-RPC over stdin and stdout. Every ACP session is a Hone session of the session's
directory: it is stored, listed by "hone sessions list" and resumable with "hone -s ID".
Permission prompts appear in the editor. Logs go to the data directory, never to stdout.
See docs/acp.md for editor setup.`,
		Args: cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			return runACP(c.Context(), f, *opts)
		},
	}
	c.Flags().StringVarP(&opts.Model, "model", "m", "", "model for the large role, as provider/model")
	return c
}

func runACP(ctx context.Context, f *Factory, opts ACPOptions) error {
	// Any session's project may ask for an OpenTelemetry export, which
	// only hone-full links: a long-lived server starts there when it can.
	if f.canHandOver() {
		return f.Frontends.full(f)
	}
	f.Options = func(o *app.Options) { o.Model = opts.Model }
	root, err := f.App(ctx)
	if err != nil {
		return err
	}
	if _, err := root.Config(ctx); err != nil {
		return configErr(err)
	}
	ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
	defer stop()
	return acp.Serve(ctx, acp.Options{
		Open:    acpbackend.Opener(f.appOptions()),
		Version: Version,
		Logger:  root.Logger(),
	}, f.IO.In, f.IO.Out)
}
