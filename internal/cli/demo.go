package cli

import (
	"errors"

	"github.com/spf13/cobra"
)

// newDemoCommand is `gclaude demo`. Placeholder: the guided tour against the built-in
// scripted API is being written in internal/demo and is wired here by its author.
func newDemoCommand() *cobra.Command {
	return &cobra.Command{
		Use:   "demo",
		Short: "A guided tour: the real claude CLI against a built-in scripted API, no account needed",
		Args:  cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error {
			return errors.New("demo: not implemented yet")
		},
	}
}
