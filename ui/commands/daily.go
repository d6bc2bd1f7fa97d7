package commands

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/internal/editor"
	"github.com/gclaude/gclaude/ui/dialogs"
	"github.com/gclaude/gclaude/ui/localcmd"
	"github.com/gclaude/gclaude/ui/status"
	"github.com/gclaude/gclaude/ui/transcript"
)

// Everyday commands a Claude Code user reaches for. The CLI answers them with "isn't
// available in this environment" when they are sent as prompts, so gclaude runs them
// itself; their logic lives in ui/localcmd, this file wires them to the Host.

const (
	noticeInfo    = transcript.NoticeInfo
	noticeWarning = transcript.NoticeWarn
	noticeError   = transcript.NoticeError
)

// Status reports versions, session, folders, model, mode, account, MCP servers and the
// settings in effect.
func Status(h Host) tea.Cmd {
	base := h.Session().Status
	return h.Ask("status", func(ctx context.Context, ask localcmd.Ask) Done {
		return Done{Kind: noticeInfo, Text: localcmd.Status(ctx, ask, base)}
	})
}

// AddDir lets tools use another folder from the next call on: the running CLI gets the
// whole list in its flag settings, and every later start gets it as --add-dir.
func AddDir(h Host, arg string) tea.Cmd {
	s := h.Session()
	cwd, home, dirs := s.Folder, s.Home, s.AddedDirs
	return h.Ask("add-dir", func(ctx context.Context, ask localcmd.Ask) Done {
		dir, err := localcmd.ResolveDir(arg, cwd, home)
		if err != nil {
			return Done{Kind: noticeWarning, Text: err.Error()}
		}
		if slices.Contains(dirs, dir) {
			return Done{Kind: noticeInfo, Text: dir + " is already added"}
		}
		all := append(slices.Clone(dirs), dir)
		if err := localcmd.ApplyDirs(ctx, ask, all); err != nil {
			return Done{Kind: noticeError, Text: "/add-dir failed: " + err.Error()}
		}
		return Done{Kind: noticeInfo, Text: "Added " + dir + ": tools may use it from the next call on",
			Then: func(h Host) tea.Cmd {
				h.AddDir(dir)
				return nil
			}}
	})
}

// Permissions opens the rules in effect in a picker (or, with "list", writes them to
// the transcript), or adds or removes one in a settings file and waits until the
// running CLI (which watches those files) applies the change.
func Permissions(h Host, args string) tea.Cmd {
	list := strings.TrimSpace(args) == "list"
	if list {
		args = ""
	}
	edit, err := localcmd.ParsePermissions(args)
	if err != nil {
		h.Notice(noticeWarning, err.Error())
		return nil
	}
	s := h.Session()
	files := localcmd.Files(s.Home, s.Folder)
	return h.Ask("permissions", func(ctx context.Context, ask localcmd.Ask) Done {
		if edit == nil {
			rules, err := localcmd.ListRules(ctx, ask)
			if err != nil {
				return Done{Kind: noticeError, Text: "/permissions failed: " + err.Error()}
			}
			if list {
				return Done{Kind: noticeInfo, Text: localcmd.FormatRules(rules, files)}
			}
			rows := make([]dialogs.RuleRow, len(rules))
			for i, r := range rules {
				rows[i] = dialogs.RuleRow{Behavior: r.Behavior, Rule: r.Rule, Where: files.Where(r.Source), Desc: r.Text(),
					Removable: localcmd.InSettingsFile(r.Source)}
			}
			return Done{Then: func(h Host) tea.Cmd {
				return h.OpenPicker(func(env dialogs.Env) dialogs.Dialog { return dialogs.NewRulesPicker(rows, env) })
			}}
		}
		text, failed := localcmd.EditPermissions(ctx, ask, files, *edit)
		if failed {
			return Done{Kind: noticeWarning, Text: text}
		}
		return Done{Kind: noticeInfo, Text: text}
	})
}

// Memory lists the CLAUDE.md files in effect, or opens the nth in $VISUAL / $EDITOR
// (creating its folder: a memory file may not exist yet).
func Memory(h Host, args string) tea.Cmd {
	s := h.Session()
	home, cwd := s.Home, s.Folder
	args = strings.TrimSpace(args)
	n, err := strconv.Atoi(args)
	if args != "" && (err != nil || n < 1) {
		h.Notice(noticeWarning, "usage: /memory [number]")
		return nil
	}
	getenv := s.Getenv
	return h.Later(func() Done {
		files := localcmd.MemoryFiles(home, cwd)
		if args == "" {
			return Done{Kind: noticeInfo, Text: localcmd.FormatMemory(files, home)}
		}
		if n > len(files) {
			return Done{Kind: noticeWarning, Text: fmt.Sprintf("/memory: there are %d memory files; /memory lists them", len(files))}
		}
		path := files[n-1].Path
		if err := localcmd.PrepareMemory(path); err != nil {
			return Done{Kind: noticeError, Text: "/memory: " + err.Error()}
		}
		return Done{Then: func(h Host) tea.Cmd {
			return h.Exec(editor.Command(getenv, path), func(err error) Done {
				if err != nil {
					return Done{Kind: noticeError, Text: "the editor failed: " + err.Error()}
				}
				return Done{Then: func(h Host) tea.Cmd {
					// claude reads memory files when it starts: restart it on this conversation.
					why := "Memory saved: " + status.ShortenPath(path, home) + ". Restarting claude so that it reads it…"
					if h.Session().Running {
						h.Notice(noticeInfo, "Memory saved: "+status.ShortenPath(path, home)+". claude reads it when it next starts (a turn is running now).")
						return nil
					}
					return h.Reload(why, ReloadTo{})
				}}
			})
		}}
	})
}
