//go:build tools

// Package deps pins modules that the code will import, so go mod tidy keeps them until then.
package deps
import (
 _ "charm.land/bubbletea/v2"
 _ "charm.land/bubbles/v2/textarea"
 _ "charm.land/bubbles/v2/key"
 _ "charm.land/bubbles/v2/viewport"
 _ "charm.land/lipgloss/v2"
 _ "charm.land/glamour/v2"
 _ "github.com/spf13/cobra"
 _ "go.uber.org/goleak"
 _ "github.com/charmbracelet/x/exp/golden"
)
