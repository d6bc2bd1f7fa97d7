package localcmd

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// ResolveDir turns /add-dir's argument into an absolute folder that exists: ~ is the
// home folder and a relative path starts at the session's folder. It reads the disk.
func ResolveDir(arg, cwd, home string) (string, error) {
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

// ApplyDirs gives the running CLI the whole list of folders gclaude added. The CLI has
// no request that adds one folder (add_directory is for cloud uploads); its flag
// settings layer takes permissions.additionalDirectories and replaces the list there,
// leaving the settings files' and --add-dir's folders alone.
func ApplyDirs(ctx context.Context, ask Ask, dirs []string) error {
	if dirs == nil {
		dirs = []string{}
	}
	body := map[string]any{"settings": map[string]any{"permissions": map[string]any{"additionalDirectories": dirs}}}
	_, err := ask(ctx, raw("apply_flag_settings", body))
	return err
}
