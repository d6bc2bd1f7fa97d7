package commands

import (
	"context"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/render"
	"github.com/gclaude/gclaude/ui/dialogs"
	"github.com/gclaude/gclaude/ui/input"
)

// /rewind (and esc esc on an empty prompt when nothing runs) goes back to before an
// earlier prompt of this session: the files, from the CLI's checkpoints (rewind_files),
// and the conversation, by restarting claude with --resume-session-at the last message
// before that prompt (RewindLog keeps track). The prompt comes back into the
// editor.

// CmdRewind is the name esc esc runs.
const CmdRewind = "rewind"

func init() {
	register(Command{Command: input.Command{Name: CmdRewind, Description: "Go back to an earlier prompt: restore code, conversation or both", Aliases: []string{"checkpoint", "undo"}},
		Place: placeEveryday + 5, Live: true, Run: runRewind, Answer: answerRewind})
}

// runRewind lists the earlier prompts, newest first.
func runRewind(s Session, _ string) tea.Cmd {
	log := s.Rewinds()
	switch {
	case s.Info().Running:
		s.Notice(noticeInfo, "/rewind: wait for the turn to end, or interrupt it first (esc)")
		return nil
	case log.Len() == 0:
		s.Notice(noticeInfo, "/rewind: no earlier prompt of this session to go back to")
		return nil
	}
	points, desc := log.Newest()
	list := make([]dialogs.RewindPrompt, len(points))
	for i, p := range points {
		list[i] = dialogs.RewindPrompt{UUID: p.UUID, Text: p.Text, Desc: desc[i]}
	}
	return s.OpenPicker(func(env dialogs.Env) dialogs.Dialog { return dialogs.NewRewindPicker(list, env) })
}

// previewRewind asks what restoring the files would change, then offers the choices.
func previewRewind(s Session, a dialogs.RewindTo) tea.Cmd {
	point, ok := s.Rewinds().Find(a.UUID)
	if !ok {
		return nil
	}
	return s.Ask(CmdRewind, func(ctx context.Context, ask Ask) Done {
		var r protocol.RewindFilesResponse
		err := askInto(ctx, ask, protocol.RewindFiles{UserMessageID: a.UUID, DryRun: true}, &r)
		preview := dialogs.RewindPreview{CanRewind: r.CanRewind, Error: r.Error, Files: r.FilesChanged, Insertions: r.Insertions, Deletions: r.Deletions}
		if err != nil {
			preview = dialogs.RewindPreview{Error: err.Error()}
		}
		return Done{Then: func(s Session) tea.Cmd {
			return s.OpenPicker(func(env dialogs.Env) dialogs.Dialog {
				return dialogs.NewRewindOptions(a.UUID, point.Text, preview, !point.Continued, env)
			})
		}}
	})
}

// restoreRewind restores the files and/or the conversation to before a prompt.
func restoreRewind(s Session, a dialogs.RewindRestore) tea.Cmd {
	point, ok := s.Rewinds().Find(a.UUID)
	if !ok {
		return nil
	}
	quoted := "“" + render.Truncate(render.OneLine(point.Text), 50) + "”"
	return s.Ask(CmdRewind, func(ctx context.Context, ask Ask) Done {
		var files string
		if a.Code {
			if _, err := ask(ctx, protocol.RewindFiles{UserMessageID: a.UUID}); err != nil {
				return Done{Kind: noticeError, Text: "/rewind could not restore the files: " + err.Error()}
			}
			files = "Files restored to before " + quoted + "."
		}
		if !a.Conversation {
			return Done{Kind: noticeInfo, Text: files}
		}
		return Done{Then: func(s Session) tea.Cmd {
			// The transcript is cut first, so the files' notice stays below the cut.
			p, ok := s.Rewinds().CutAt(a.UUID)
			if !ok {
				return nil
			}
			s.CutTranscript(p.ID, p.Text)
			if files != "" {
				s.Notice(noticeInfo, files)
			}
			return s.Reload("Conversation rewound to before "+quoted+"; restarting claude there…", ReloadTo{At: p.Before, Fresh: p.Before == ""})
		}}
	})
}

// answerRewind acts on the rewind dialogs: a point picked (preview it), a restore
// chosen.
func answerRewind(s Session, a dialogs.Action) (tea.Cmd, bool) {
	switch a := a.(type) {
	case dialogs.RewindTo:
		return previewRewind(s, a), true
	case dialogs.RewindRestore:
		return restoreRewind(s, a), true
	}
	return nil, false
}
