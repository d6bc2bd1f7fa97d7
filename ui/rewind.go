package ui

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/render"
	"github.com/gclaude/gclaude/ui/commands"
	"github.com/gclaude/gclaude/ui/dialogs"
	"github.com/gclaude/gclaude/ui/localcmd"
)

// /rewind (and esc esc on an empty prompt when nothing runs) goes back to before an
// earlier prompt of this session: the files, from the CLI's checkpoints (rewind_files),
// and the conversation, by restarting claude with --resume-session-at the last message
// before that prompt (localcmd.RewindLog keeps track). The prompt comes back into the
// editor.

// escOnEmpty is esc on an empty prompt with nothing running: the second in a row opens
// /rewind.
func (m *Model) escOnEmpty() tea.Cmd {
	if m.rewind.DoubleEsc(m.now()) {
		return m.openRewind()
	}
	return nil
}

// openRewind lists the earlier prompts, newest first.
func (m *Model) openRewind() tea.Cmd {
	switch {
	case m.opts.Replay:
		m.notice(noticeInfo, "This is a recording: /rewind needs a live claude.")
		return nil
	case m.turn.Running:
		m.notice(noticeInfo, "/rewind: wait for the turn to end, or interrupt it first (esc)")
		return nil
	case m.rewind.Len() == 0:
		m.notice(noticeInfo, "/rewind: no earlier prompt of this session to go back to")
		return nil
	}
	points, desc := m.rewind.Newest()
	list := make([]dialogs.RewindPrompt, len(points))
	for i, p := range points {
		list[i] = dialogs.RewindPrompt{UUID: p.UUID, Text: p.Text, Desc: desc[i]}
	}
	return m.openPicker(dialogs.NewRewindPicker(list, m.dialogEnv()))
}

// previewRewind asks what restoring the files would change, then offers the choices.
func (m *Model) previewRewind(a dialogs.RewindTo) tea.Cmd {
	point, ok := m.rewind.Find(a.UUID)
	if !ok {
		return nil
	}
	return m.commandHost().Ask(cmdRewind, func(ctx context.Context, ask localcmd.Ask) commands.Done {
		var r protocol.RewindFilesResponse
		body, err := ask(ctx, protocol.RewindFiles{UserMessageID: a.UUID, DryRun: true})
		if err == nil {
			err = unmarshalIfAny(body, &r)
		}
		preview := dialogs.RewindPreview{CanRewind: r.CanRewind, Error: r.Error, Files: r.FilesChanged, Insertions: r.Insertions, Deletions: r.Deletions}
		if err != nil {
			preview = dialogs.RewindPreview{Error: err.Error()}
		}
		return commands.Done{Then: func(commands.Host) tea.Cmd {
			return m.openPicker(dialogs.NewRewindOptions(a.UUID, point.Text, preview, !point.Continued, m.dialogEnv()))
		}}
	})
}

// restoreRewind restores the files and/or the conversation to before a prompt.
func (m *Model) restoreRewind(a dialogs.RewindRestore) tea.Cmd {
	point, ok := m.rewind.Find(a.UUID)
	if !ok {
		return nil
	}
	quoted := "“" + render.Truncate(render.OneLine(point.Text), 50) + "”"
	return m.commandHost().Ask(cmdRewind, func(ctx context.Context, ask localcmd.Ask) commands.Done {
		var files string
		if a.Code {
			if _, err := ask(ctx, protocol.RewindFiles{UserMessageID: a.UUID}); err != nil {
				return commands.Done{Kind: noticeError, Text: "/rewind could not restore the files: " + err.Error()}
			}
			files = "Files restored to before " + quoted + "."
		}
		if !a.Conversation {
			return commands.Done{Kind: noticeInfo, Text: files}
		}
		return commands.Done{Then: func(commands.Host) tea.Cmd {
			// The transcript is cut first, so the files' notice stays below the cut.
			p, ok := m.rewind.CutAt(a.UUID)
			if !ok {
				return nil
			}
			m.transcript.TruncateFrom(p.ID)
			m.prompt.SetValue(p.Text)
			if files != "" {
				m.notice(noticeInfo, files)
			}
			return m.reload("Conversation rewound to before "+quoted+"; restarting claude there…", p.Before, p.Before != "")
		}}
	})
}

// reload restarts claude on the same conversation, so that it reads what changed on
// disk (a memory file) or continues from an earlier point (resumeAt, /rewind); keep
// false starts an empty conversation instead (a rewind to before the first prompt).
// The conversation is resumed only if claude saved it: --resume with an id it does not
// know makes it exit.
func (m *Model) reload(why, resumeAt string, keep bool) tea.Cmd {
	id, dir, gen := m.sess.SessionID, m.sessionsDir(), m.link.Gen()
	return func() tea.Msg {
		msg := reloadMsg{gen: gen, why: why}
		if keep && id != "" && dir != "" {
			if _, err := os.Stat(filepath.Join(dir, id+".jsonl")); err == nil {
				msg.resume, msg.resumeAt = id, resumeAt
			}
		}
		return msg
	}
}

// reloadMsg restarts claude (see reload).
type reloadMsg struct {
	gen                   int
	resume, resumeAt, why string
}

func (msg reloadMsg) handle(m *Model) tea.Cmd {
	if !m.link.Current(msg.gen) {
		return nil
	}
	m.dropRequestDialogs()
	m.turn.Running = false
	m.notice(noticeInfo, msg.why)
	if msg.resume == "" {
		m.sess.SessionID = "" // a new conversation: its id comes with its first answer
	}
	m.sess.Usage.Restarted()
	req := StartRequest{Resume: msg.resume, ResumeAt: msg.resumeAt, ForkSession: m.sess.Forking && msg.resume != "",
		Model: m.sess.Model, PermissionMode: m.sess.Mode}
	return tea.Batch(m.replaceSession(req), m.startTicking())
}

// unmarshalIfAny decodes a control response's body; an absent one leaves v as it is.
func unmarshalIfAny(body json.RawMessage, v any) error {
	if len(body) == 0 {
		return nil
	}
	return json.Unmarshal(body, v)
}
