package transcript

import (
	"fmt"
	"strings"

	"github.com/gclaude/gclaude/render"
	"github.com/gclaude/gclaude/themes"
)

// shellCollapsedLines is how much of a `!` command's output shows until expanded.
const shellCollapsedLines = 10

// shellItem is a `!` command the user ran in the session's folder, with its output.
type shellItem struct {
	itemBase
	command        string
	stdout, stderr string
	exitCode       int
	running        bool
	interrupted    bool
}

// ShellResult is how a `!` command ended.
type ShellResult struct {
	Stdout, Stderr string
	ExitCode       int
	Interrupted    bool
}

// AddShell shows a `!` command that has started and returns its id for FinishShell.
func (c *Conversation) AddShell(command string) ID {
	s := &shellItem{command: command, running: true}
	c.add(s)
	c.shells[s.id] = s
	c.place.followTail(len(c.items))
	return s.id
}

// FinishShell shows a `!` command's output. Unknown ids are ignored.
func (c *Conversation) FinishShell(id ID, r ShellResult) {
	s, ok := c.shells[id]
	if !ok {
		return
	}
	delete(c.shells, id)
	s.running = false
	s.stdout, s.stderr, s.exitCode, s.interrupted = r.Stdout, r.Stderr, r.ExitCode, r.Interrupted
	s.touch()
}

func (s *shellItem) canExpand() bool { return len(s.outputLines()) > shellCollapsedLines }

// outputLines are stdout's lines then stderr's, each marked by where it came from.
func (s *shellItem) outputLines() []shellLine {
	var out []shellLine
	for _, part := range []struct {
		text  string
		isErr bool
	}{{s.stdout, false}, {s.stderr, true}} {
		t := strings.TrimRight(part.text, "\n")
		if t == "" {
			continue
		}
		for _, l := range strings.Split(t, "\n") {
			out = append(out, shellLine{text: l, isErr: part.isErr})
		}
	}
	return out
}

type shellLine struct {
	text  string
	isErr bool
}

func (s *shellItem) render(width int, st *themes.Styles) []string {
	width = max(width, 1)
	head := st.Transcript.UserPromptIcon.Render("!") + " " + st.Transcript.UserPrompt.Render(render.Truncate(render.Sanitize(render.OneLine(s.command)), max(width-2, 1)))
	lines := []string{head}
	body := max(width-4, 1)
	conn := "  " + st.Tool.Connector.Render("⎿") + " "
	pad := "    "
	if s.running {
		return append(lines, conn+st.Subtle.Render(render.Truncate("running… (esc to interrupt)", body)))
	}
	out := s.outputLines()
	shown := out
	if !s.expanded && len(out) > shellCollapsedLines {
		shown = out[:shellCollapsedLines]
	}
	for i, l := range shown {
		style := st.Tool.Body
		if l.isErr {
			style = st.Tool.Error
		}
		lead := pad
		if i == 0 {
			lead = conn
		}
		lines = append(lines, lead+style.Render(render.Truncate(render.Sanitize(l.text), body)))
	}
	if len(shown) < len(out) {
		lines = append(lines, pad+st.Tool.Truncated.Render(render.Truncate(fmt.Sprintf("… %d more %s (enter expands)", len(out)-len(shown), render.Plural(len(out)-len(shown), "line")), body)))
	}
	var status string
	switch {
	case s.interrupted:
		status = "Interrupted"
	case s.exitCode != 0:
		status = fmt.Sprintf("exit code %d", s.exitCode)
	case len(out) == 0:
		status = "(no output)"
	}
	if status != "" {
		lead := pad
		if len(out) == 0 {
			lead = conn
		}
		lines = append(lines, lead+st.Subtle.Render(render.Truncate(status, body)))
	}
	return lines
}

func (s *shellItem) plain() string {
	text := "! " + render.Sanitize(s.command)
	for _, l := range s.outputLines() {
		text += "\n" + render.Sanitize(l.text)
	}
	return text
}

func (s *shellItem) markdown() string {
	return "```console\n" + s.plain() + "\n```\n"
}
