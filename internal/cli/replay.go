package cli

import (
	"errors"

	"github.com/spf13/cobra"
)

// newReplayCommand is `gclaude replay FILE`. Placeholder: the player is being written
// in internal/replay and is wired here by its author.
func newReplayCommand() *cobra.Command {
	return &cobra.Command{
		Use:   "replay FILE.jsonl",
		Short: "Show a recorded stdout capture as if it were live",
		Args:  cobra.ExactArgs(1),
		RunE: func(*cobra.Command, []string) error {
			return errors.New("replay: not implemented yet")
		},
	}
}
