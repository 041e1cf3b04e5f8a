package cmd

import (
	"context"
	"errors"
	"fmt"
	goio "io"
	"net/http"

	"github.com/spf13/cobra"

	"github.com/honecode/hone/configs"
	"github.com/honecode/hone/internal/config"
)

// ModelsOptions are the inputs of `hone models`.
type ModelsOptions struct {
	Load config.LoadOptions
	JSON bool
	// UsableOnly hides providers that cannot be used now.
	UsableOnly bool
	// Probe looks for a local Ollama (within config.OllamaProbeTimeout).
	Probe bool
	// HTTPClient makes the probe (nil: a default client).
	HTTPClient *http.Client
}

// newModelsCmd is `hone models`.
func newModelsCmd(f *Factory) *cobra.Command { return modelsCmd(f, nil) }

// modelsCmd builds `hone models`; tests pass runF to see the parsed options.
func modelsCmd(f *Factory, runF func(context.Context, *ModelsOptions) error) *cobra.Command {
	opts := &ModelsOptions{}
	var noProbe bool
	c := &cobra.Command{
		Use:   "models",
		Short: "List providers and models, marking which are usable now",
		Long: "List the catalog's and the config's providers with their models: context window, default max " +
			"output tokens, prices in US dollars per million tokens, image and reasoning support. A provider is " +
			"usable when its API key variable is set or it is configured; the ROLE column shows the models " +
			"Hone would use for turns (large) and for titles and summaries (small).",
		Args: cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			opts.Load = configLoadOptions(c.Context(), f)
			opts.Probe = !noProbe
			if runF != nil {
				return runF(c.Context(), opts)
			}
			return runModels(c.Context(), opts, f.IO)
		},
	}
	fl := c.Flags()
	fl.BoolVar(&opts.JSON, "json", false, "print JSON")
	fl.BoolVarP(&opts.UsableOnly, "usable", "u", false, "show only providers usable now")
	fl.BoolVar(&noProbe, "no-probe", false, "do not look for a local Ollama server")
	return c
}

func runModels(ctx context.Context, opts *ModelsOptions, io IO) error {
	res, resolveErr, err := resolveModels(ctx, opts, io.Err)
	if err != nil {
		return err
	}
	providers := res.Providers
	if opts.UsableOnly {
		providers = res.Usable()
	}
	if opts.JSON {
		out := modelsJSON{Providers: providers, Large: refsOf(res.Large), Small: refsOf(res.Small)}
		if out.Providers == nil {
			out.Providers = []config.ResolvedProvider{}
		}
		if resolveErr != nil {
			out.Error = resolveErr.Error()
		}
		return printJSON(io.Out, out)
	}
	if err := printModels(io.Out, providers, res); err != nil {
		return err
	}
	if resolveErr != nil {
		fmt.Fprintln(io.Err, resolveErr)
	}
	return nil
}

// resolveModels loads config and resolves providers, probing Ollama when
// asked. resolveErr (no usable candidate) still comes with a full listing.
func resolveModels(ctx context.Context, opts *ModelsOptions, errOut goio.Writer) (res *config.Resolved, resolveErr, err error) {
	loaded, err := config.Load(ctx, opts.Load)
	if errors.Is(err, config.ErrInvalid) {
		return nil, nil, usageError(err)
	}
	if err != nil {
		return nil, nil, err
	}
	warnUntrusted(errOut, loaded)
	cat, err := configs.Default()
	if err != nil {
		return nil, nil, err
	}
	ro := config.ResolveOptions{Getenv: opts.Load.Getenv}
	if !opts.Probe {
		res, resolveErr = config.Resolve(&loaded.Config, cat, ro)
		return res, resolveErr, nil
	}
	res, resolveErr = config.ResolveProbing(ctx, &loaded.Config, cat, ro, opts.HTTPClient)
	return res, resolveErr, nil
}

// modelsJSON is the --json output of `hone models`. Keys never appear.
type modelsJSON struct {
	Providers []config.ResolvedProvider `json:"providers"`
	Large     []string                  `json:"large"`
	Small     []string                  `json:"small"`
	Error     string                    `json:"error,omitempty"`
}

func refsOf(cs []config.Candidate) []string {
	out := []string{}
	for _, c := range cs {
		out = append(out, c.Ref())
	}
	return out
}
