package input

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/keymap"
	"github.com/gclaude/gclaude/themes"
)

// promptHarness drives a Prompt the way the root does: keys and pastes in, its own
// messages back through Update, and every Action it returns kept for the test.
type promptHarness struct {
	t       testing.TB
	p       *Prompt
	proj    Project
	actions []Action
	queue   []tea.Msg
}

func newPromptHarness(t testing.TB, mutate ...func(*PromptEnv)) *promptHarness {
	t.Helper()
	h := &promptHarness{t: t}
	env := PromptEnv{
		Styles:  themes.New(themes.Dark),
		Keys:    keymap.Default(),
		Getenv:  func(string) string { return "" },
		Project: func() Project { return h.proj },
	}
	for _, f := range mutate {
		f(&env)
	}
	h.p = NewPrompt(env)
	h.p.SetSize(80, 5)
	return h
}

func (h *promptHarness) send(msg tea.Msg) {
	h.queue = append(h.queue, msg)
	for len(h.queue) > 0 {
		msg := h.queue[0]
		h.queue = h.queue[1:]
		var a Action
		var cmd tea.Cmd
		switch msg := msg.(type) {
		case tea.BatchMsg:
			for _, c := range msg {
				h.exec(c)
			}
			continue
		case tea.KeyPressMsg:
			a, cmd = h.p.HandleKey(msg)
		case tea.PasteMsg:
			cmd = h.p.Paste(msg)
		case Msg:
			a, cmd = h.p.Update(msg)
		default:
			continue // the editor's own blink and the like
		}
		if a != nil {
			h.actions = append(h.actions, a)
		}
		h.exec(cmd)
	}
}

func (h *promptHarness) exec(cmd tea.Cmd) {
	if cmd == nil {
		return
	}
	if msg := cmd(); msg != nil {
		h.queue = append(h.queue, msg)
	}
}

func (h *promptHarness) paste(s string) { h.send(tea.PasteMsg{Content: s}) }

func (h *promptHarness) typeText(s string) {
	for _, r := range s {
		h.send(tea.KeyPressMsg{Code: r, Text: string(r)})
	}
}

// keys presses keys by name: "enter", "tab", "esc", "backspace", "down", "ctrl+g".
func (h *promptHarness) keys(names ...string) {
	named := map[string]rune{
		"enter": tea.KeyEnter, "esc": tea.KeyEscape, "tab": tea.KeyTab, "up": tea.KeyUp,
		"down": tea.KeyDown, "backspace": tea.KeyBackspace,
	}
	for _, n := range names {
		if base, ok := strings.CutPrefix(n, "ctrl+"); ok {
			h.send(tea.KeyPressMsg{Code: []rune(base)[0], Mod: tea.ModCtrl})
			continue
		}
		code, ok := named[n]
		if !ok {
			h.t.Fatalf("no key %q", n)
		}
		h.send(tea.KeyPressMsg{Code: code})
	}
}

func (h *promptHarness) draft() string { return h.p.Value() }

// submits are the prompts sent so far.
func (h *promptHarness) submits() []Submit {
	var out []Submit
	for _, a := range h.actions {
		if s, ok := a.(Submit); ok {
			out = append(out, s)
		}
	}
	return out
}

// notices are the texts of the notices asked for so far.
func (h *promptHarness) notices() string {
	var out []string
	for _, a := range h.actions {
		if n, ok := a.(Notice); ok {
			out = append(out, n.Text)
		}
	}
	return strings.Join(out, "\n")
}
