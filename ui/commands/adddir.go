package commands

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/ui/input"
)

func init() {
	register(Command{Command: input.Command{Name: "add-dir", Description: "Let tools use another folder", ArgumentHint: "<path>"},
		Place: placeEveryday + 3, Live: true, Run: runAddDir})
}

// resolveDir turns /add-dir's argument into an absolute folder that exists: ~ is the
// home folder and a relative path starts at the session's folder. It reads the disk.
func resolveDir(arg, cwd, home string) (string, error) {
	arg = strings.TrimSpace(arg)
	if arg == "" {
		return "", errors.New("usage: /add-dir <path>")
	}
	if rest, ok := strings.CutPrefix(arg, "~"); ok && home != "" && (rest == "" || rest[0] == '/') {
		arg = filepath.Join(home, rest)
	}
	if !filepath.IsAbs(arg) {
		arg = filepath.Join(cwd, arg)
	}
	arg = filepath.Clean(arg)
	fi, err := os.Stat(arg)
	switch {
	case err != nil:
		return "", fmt.Errorf("/add-dir: %s does not exist", arg)
	case !fi.IsDir():
		return "", fmt.Errorf("/add-dir: %s is not a folder", arg)
	}
	return arg, nil
}

// applyDirs gives the running CLI the whole list of folders gclaude added. The CLI has
// no request that adds one folder (add_directory is for cloud uploads); its flag
// settings layer takes permissions.additionalDirectories and replaces the list there,
// leaving the settings files' and --add-dir's folders alone.
func applyDirs(ctx context.Context, ask Ask, dirs []string) error {
	if dirs == nil {
		dirs = []string{}
	}
	body := map[string]any{"settings": map[string]any{"permissions": map[string]any{"additionalDirectories": dirs}}}
	_, err := ask(ctx, raw("apply_flag_settings", body))
	return err
}

// runAddDir lets tools use another folder from the next call on: the running CLI gets the
// whole list in its flag settings, and every later start gets it as --add-dir.
func runAddDir(s Session, arg string) tea.Cmd {
	in := s.Info()
	cwd, home, dirs := in.Folder, in.Home, in.AddedDirs
	return s.Ask("add-dir", func(ctx context.Context, ask Ask) Done {
		dir, err := resolveDir(arg, cwd, home)
		if err != nil {
			return Done{Kind: noticeWarning, Text: err.Error()}
		}
		if slices.Contains(dirs, dir) {
			return Done{Kind: noticeInfo, Text: dir + " is already added"}
		}
		all := append(slices.Clone(dirs), dir)
		if err := applyDirs(ctx, ask, all); err != nil {
			return Done{Kind: noticeError, Text: "/add-dir failed: " + err.Error()}
		}
		return Done{Kind: noticeInfo, Text: "Added " + dir + ": tools may use it from the next call on",
			Then: func(s Session) tea.Cmd {
				s.AddDir(dir)
				return nil
			}}
	})
}
