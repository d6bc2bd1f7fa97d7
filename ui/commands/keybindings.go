package commands

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/internal/editor"
	"github.com/gclaude/gclaude/internal/safewrite"
	"github.com/gclaude/gclaude/ui/input"
	"github.com/gclaude/gclaude/ui/status"
)

// /keybindings opens Claude Code's keyboard shortcuts file, ~/.claude/keybindings.json
// ($CLAUDE_CONFIG_DIR/keybindings.json), in $VISUAL / $EDITOR, as Claude Code does:
// made first when it does not exist, with the schema and no bindings, and checked once
// the editor closes.
func init() {
	register(Command{Command: input.Command{Name: "keybindings", Description: "Open your keyboard shortcuts file (~/.claude/keybindings.json)"},
		Place: placeScreen + 10, Run: runKeybindings})
}

// newKeybindings is the file /keybindings makes: Claude Code's format, no bindings yet.
const newKeybindings = `{
  "$schema": "https://www.schemastore.org/claude-code-keybindings.json",
  "$docs": "https://code.claude.com/docs/en/keybindings",
  "bindings": []
}
`

func runKeybindings(s Session, _ string) tea.Cmd {
	in := s.Info()
	path := filepath.Join(filepath.Dir(input.UserSettingsPath(in.Home, in.Getenv)), "keybindings.json")
	shown := status.ShortenPath(path, in.Home)
	getenv := in.Getenv
	return s.Later(func() Done {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return Done{Kind: noticeError, Text: "/keybindings: " + err.Error()}
		}
		if err := safewrite.Create(path, []byte(newKeybindings), 0o644); err != nil && !errors.Is(err, safewrite.ErrExists) {
			return Done{Kind: noticeError, Text: "/keybindings: " + err.Error()}
		}
		return Done{Then: func(s Session) tea.Cmd {
			return s.Exec(editor.Command(getenv, path), func(err error) Done {
				if err != nil {
					return Done{Kind: noticeError, Text: "the editor failed: " + err.Error()}
				}
				if err := checkKeybindings(path); err != nil {
					return Done{Kind: noticeWarning, Text: fmt.Sprintf("%s: %v", shown, err)}
				}
				return Done{Kind: noticeInfo, Text: "Saved " + shown + "."}
			})
		}}
	})
}

// checkKeybindings says what is wrong with the file's shape, as Claude Code checks it:
// an object whose "bindings" is an array.
func checkKeybindings(path string) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	var f struct {
		Bindings json.RawMessage `json:"bindings"`
	}
	if err := json.Unmarshal(data, &f); err != nil {
		return fmt.Errorf("not valid JSON: %w", err)
	}
	var list []json.RawMessage
	if len(f.Bindings) == 0 || json.Unmarshal(f.Bindings, &list) != nil {
		return errors.New(`it must be an object with a "bindings" array: { "bindings": [ … ] }`)
	}
	return nil
}
