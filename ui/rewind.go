package ui

import (
	"context"
	"fmt"
	"slices"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/render"
	"github.com/gclaude/gclaude/ui/dialogs"
	"github.com/gclaude/gclaude/ui/localcmd"
	"github.com/gclaude/gclaude/ui/transcript"
)

// /rewind (and esc esc on an empty prompt when nothing runs) goes back to before an
// earlier prompt of this session: the files, from the CLI's checkpoints (rewind_files),
// and the conversation, by restarting claude with --resume-session-at the last message
// before that prompt. The prompt comes back into the editor.

// doubleEscWindow is how soon a second esc must follow the first to open /rewind.
const doubleEscWindow = 800 * time.Millisecond

// rewindState is what /rewind needs to know about the prompts sent.
type rewindState struct {
	points []rewindPoint
	// lastAssistant is the uuid of the newest main-thread assistant message: the chain
	// entry a conversation rewound to before the next prompt keeps.
	lastAssistant string
	lastEsc       time.Time
}

// rewindPoint is a prompt that can be rewound to.
type rewindPoint struct {
	uuid, text string
	id         transcript.ID
	before     string // lastAssistant when the prompt started: "" for the first one
}

// notePrompt records a prompt sent with uuid. A prompt sent while idle starts now; a
// queued one gets its place when its command_lifecycle says it started.
func (m *Model) notePrompt(p queuedPrompt) {
	m.rewind.points = append(m.rewind.points, rewindPoint{uuid: p.uuid, text: p.text, id: p.id, before: m.rewind.lastAssistant})
}

// noteRewindMessage follows the stdout messages /rewind depends on.
func (m *Model) noteRewindMessage(msg protocol.Message) {
	switch msg := msg.(type) {
	case *protocol.Assistant:
		if msg.ParentToolUseID == nil && msg.UUID != "" {
			m.rewind.lastAssistant = msg.UUID
		}
	case *protocol.CommandLifecycle:
		if msg.State != "started" {
			return
		}
		for i := range m.rewind.points {
			if m.rewind.points[i].uuid == msg.CommandUUID {
				m.rewind.points[i].before = m.rewind.lastAssistant
			}
		}
	}
}

// escOnEmpty is esc on an empty prompt with nothing running: the second within
// doubleEscWindow opens /rewind, as in Claude Code.
func (m *Model) escOnEmpty() tea.Cmd {
	now := m.now()
	if !m.rewind.lastEsc.IsZero() && now.Sub(m.rewind.lastEsc) < doubleEscWindow {
		m.rewind.lastEsc = time.Time{}
		return m.openRewind()
	}
	m.rewind.lastEsc = now
	return nil
}

// openRewind lists the earlier prompts, newest first.
func (m *Model) openRewind() tea.Cmd {
	switch {
	case m.opts.Replay:
		m.notice(noticeInfo, "This is a recording: /rewind needs a live claude.")
		return nil
	case m.turn.running:
		m.notice(noticeInfo, "/rewind: wait for the turn to end, or interrupt it first (esc)")
		return nil
	case len(m.rewind.points) == 0:
		m.notice(noticeInfo, "/rewind: no earlier prompt of this session to go back to")
		return nil
	}
	var list []dialogs.RewindPrompt
	n := len(m.rewind.points)
	for i := n - 1; i >= 0; i-- {
		desc := "the last prompt"
		if ago := n - 1 - i; ago > 0 {
			desc = fmt.Sprintf("%d %s before the last", ago, render.Plural(ago, "prompt"))
		}
		list = append(list, dialogs.RewindPrompt{UUID: m.rewind.points[i].uuid, Text: m.rewind.points[i].text, Desc: desc})
	}
	return m.openPicker(dialogs.NewRewindPicker(list, m.dialogEnv()))
}

func (m *Model) rewindPoint(uuid string) (int, bool) {
	i := slices.IndexFunc(m.rewind.points, func(p rewindPoint) bool { return p.uuid == uuid })
	return i, i >= 0
}

// previewRewind asks what restoring the files would change, then offers the choices.
func (m *Model) previewRewind(a dialogs.RewindTo) tea.Cmd {
	i, ok := m.rewindPoint(a.UUID)
	if !ok {
		return nil
	}
	text := m.rewind.points[i].text
	return m.asking(cmdRewind, func(ctx context.Context, ask localcmd.Ask) dailyDoneMsg {
		var r protocol.RewindFilesResponse
		body, err := ask(ctx, protocol.RewindFiles{UserMessageID: a.UUID, DryRun: true})
		if err == nil {
			err = unmarshalIfAny(body, &r)
		}
		preview := dialogs.RewindPreview{CanRewind: r.CanRewind, Error: r.Error, Files: r.FilesChanged, Insertions: r.Insertions, Deletions: r.Deletions}
		if err != nil {
			preview = dialogs.RewindPreview{Error: err.Error()}
		}
		return dailyDoneMsg{then: func(m *Model) tea.Cmd {
			return m.openPicker(dialogs.NewRewindOptions(a.UUID, text, preview, m.dialogEnv()))
		}}
	})
}

// restoreRewind restores the files and/or the conversation to before a prompt.
func (m *Model) restoreRewind(a dialogs.RewindRestore) tea.Cmd {
	i, ok := m.rewindPoint(a.UUID)
	if !ok {
		return nil
	}
	point := m.rewind.points[i]
	return m.asking(cmdRewind, func(ctx context.Context, ask localcmd.Ask) dailyDoneMsg {
		done := dailyDoneMsg{kind: noticeInfo}
		if a.Code {
			if _, err := ask(ctx, protocol.RewindFiles{UserMessageID: a.UUID}); err != nil {
				return dailyDoneMsg{kind: noticeError, text: "/rewind could not restore the files: " + err.Error()}
			}
			done.text = "Files restored to before “" + render.Truncate(render.OneLine(point.text), 50) + "”."
		}
		if a.Conversation {
			// The transcript is cut first, so the files' notice stays below the cut.
			files := done.text
			done.text = ""
			done.then = func(m *Model) tea.Cmd {
				cmd := m.rewindConversation(point)
				if files != "" {
					m.notice(noticeInfo, files)
				}
				return cmd
			}
		}
		return done
	})
}

// rewindConversation cuts the transcript and claude's conversation back to before
// point, and puts the prompt back into the editor.
func (m *Model) rewindConversation(point rewindPoint) tea.Cmd {
	i, ok := m.rewindPoint(point.uuid)
	if !ok {
		return nil
	}
	m.rewind.points = m.rewind.points[:i]
	m.rewind.lastAssistant = point.before
	m.transcript.TruncateFrom(point.id)
	m.prompt.SetValue(point.text)
	why := "Conversation rewound to before “" + render.Truncate(render.OneLine(point.text), 50) + "”; restarting claude there…"
	return m.reload(why, point.before, point.before != "")
}
