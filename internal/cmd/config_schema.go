package cmd

import (
	"context"

	"github.com/spf13/cobra"

	"github.com/honecode/hone/internal/config"
)

// ConfigSchemaOptions are the inputs of `hone config schema` (none yet;
// kept for the command pattern).
type ConfigSchemaOptions struct{}

func newConfigSchemaCmd(f *Factory, runF func(context.Context, *ConfigSchemaOptions) error) *cobra.Command {
	opts := &ConfigSchemaOptions{}
	return &cobra.Command{
		Use:   "schema",
		Short: "Print the JSON Schema of hone.json",
		Long:  "Print the JSON Schema of hone.json, the same as schema/hone.schema.json; point an editor's \"$schema\" at it for completion.",
		Args:  cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			if runF != nil {
				return runF(c.Context(), opts)
			}
			return runConfigSchema(c.Context(), opts, f.IO)
		},
	}
}

func runConfigSchema(_ context.Context, _ *ConfigSchemaOptions, io IO) error {
	b, err := config.Schema()
	if err != nil {
		return err
	}
	_, err = io.Out.Write(b)
	return err
}
