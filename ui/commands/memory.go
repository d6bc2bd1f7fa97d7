package commands

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/internal/editor"
	"github.com/gclaude/gclaude/internal/filehead"
	"github.com/gclaude/gclaude/render"
	"github.com/gclaude/gclaude/ui/input"
	"github.com/gclaude/gclaude/ui/status"
)

func init() {
	register(Command{Command: input.Command{Name: "memory", Description: "List the CLAUDE.md files in effect and open one in $EDITOR", ArgumentHint: "[number]"},
		Place: placeEveryday + 4, Live: true, Run: runMemory})
}

// MemoryFile is a CLAUDE.md-style file claude reads at the start of a session.
type MemoryFile struct {
	Kind   string // user, project, local
	Path   string
	Exists bool
	Lines  int
}

// maxMemoryBytes bounds what /memory reads of a memory file to count its lines.
const maxMemoryBytes = 16 << 20

// memoryFiles are the memory files for a home and a project folder, in the order the
// CLI loads them: the user's, then from the top folder down to the project, project
// files before local ones. The user, project and local files of the project folder
// itself are always listed (so /memory can create one); others only when they exist.
// It reads the disk.
func memoryFiles(home, cwd string) []MemoryFile {
	var out []MemoryFile
	add := func(kind, path string, always bool) {
		// A cloned repository's CLAUDE.md may be a FIFO or a link to /dev/zero: named
		// as there, never opened, nor read past the bound.
		data, err := filehead.ReadSmall(path, maxMemoryBytes)
		missing := errors.Is(err, fs.ErrNotExist)
		if missing && !always {
			return
		}
		f := MemoryFile{Kind: kind, Path: path, Exists: !missing}
		if err == nil {
			f.Lines = bytes.Count(data, []byte("\n"))
			if len(data) > 0 && data[len(data)-1] != '\n' {
				f.Lines++
			}
		}
		out = append(out, f)
	}
	add("user", filepath.Join(home, ".claude", "CLAUDE.md"), true)
	var dirs []string
	for d := filepath.Clean(cwd); ; d = filepath.Dir(d) {
		dirs = append([]string{d}, dirs...)
		if filepath.Dir(d) == d {
			break
		}
	}
	for _, d := range dirs {
		here := d == filepath.Clean(cwd)
		if d == filepath.Clean(home) && !here {
			continue // the home folder's CLAUDE.md is not a project's
		}
		add("project", filepath.Join(d, "CLAUDE.md"), here)
		add("project", filepath.Join(d, ".claude", "CLAUDE.md"), false)
		add("local", filepath.Join(d, "CLAUDE.local.md"), here)
	}
	return out
}

// formatMemory is /memory's list, numbered for /memory <n>.
func formatMemory(files []MemoryFile, home string) string {
	lines := []string{"Memory files (CLAUDE.md) · /memory <n> opens one in $VISUAL / $EDITOR"}
	for i, f := range files {
		path := f.Path
		if rest, ok := strings.CutPrefix(path, home+"/"); ok && home != "" {
			path = "~/" + rest
		}
		state := "not created yet"
		if f.Exists {
			state = fmt.Sprintf("%d %s", f.Lines, render.Plural(f.Lines, "line"))
		}
		lines = append(lines, fmt.Sprintf("  %d. %-7s %s  · %s", i+1, f.Kind, path, state))
	}
	return strings.Join(lines, "\n")
}

// prepareMemory makes sure the folder of a memory file exists before an editor opens it.
func prepareMemory(path string) error {
	return os.MkdirAll(filepath.Dir(path), 0o755)
}

// runMemory lists the CLAUDE.md files in effect, or opens the nth in $VISUAL / $EDITOR
// (creating its folder: a memory file may not exist yet).
func runMemory(s Session, args string) tea.Cmd {
	in := s.Info()
	home, cwd := in.Home, in.Folder
	args = strings.TrimSpace(args)
	n, err := strconv.Atoi(args)
	if args != "" && (err != nil || n < 1) {
		s.Notice(noticeWarning, "usage: /memory [number]")
		return nil
	}
	getenv := in.Getenv
	return s.Later(func() Done {
		files := memoryFiles(home, cwd)
		if args == "" {
			return Done{Kind: noticeInfo, Text: formatMemory(files, home)}
		}
		if n > len(files) {
			return Done{Kind: noticeWarning, Text: fmt.Sprintf("/memory: there are %d memory files; /memory lists them", len(files))}
		}
		path := files[n-1].Path
		if err := prepareMemory(path); err != nil {
			return Done{Kind: noticeError, Text: "/memory: " + err.Error()}
		}
		return Done{Then: func(s Session) tea.Cmd {
			return s.Exec(editor.Command(getenv, path), func(err error) Done {
				if err != nil {
					return Done{Kind: noticeError, Text: "the editor failed: " + err.Error()}
				}
				return Done{Then: func(s Session) tea.Cmd {
					// claude reads memory files when it starts: restart it on this conversation.
					why := "Memory saved: " + status.ShortenPath(path, home) + ". Restarting claude so that it reads it…"
					if s.Info().Running {
						s.Notice(noticeInfo, "Memory saved: "+status.ShortenPath(path, home)+". claude reads it when it next starts (a turn is running now).")
						return nil
					}
					return s.Reload(why, ReloadTo{})
				}}
			})
		}}
	})
}
