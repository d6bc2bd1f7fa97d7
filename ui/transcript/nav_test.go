package transcript

import (
	"fmt"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/themes"
)

var namedKeys = map[string]rune{
	"enter": tea.KeyEnter, "esc": tea.KeyEscape, "up": tea.KeyUp, "down": tea.KeyDown,
	"pgup": tea.KeyPgUp, "pgdown": tea.KeyPgDown, "home": tea.KeyHome, "end": tea.KeyEnd,
	"backspace": tea.KeyBackspace, "tab": tea.KeyTab,
}

// keyPress builds the key message the terminal sends for a key name.
func keyPress(k string) tea.KeyPressMsg {
	if code, ok := namedKeys[k]; ok {
		return tea.KeyPressMsg{Code: code}
	}
	if k == "space" {
		return tea.KeyPressMsg{Code: tea.KeySpace, Text: " "}
	}
	r := []rune(k)[0]
	return tea.KeyPressMsg{Code: r, Text: k}
}

func press(m *testModel, keys ...string) (cmds []tea.Cmd) {
	for _, k := range keys {
		_, cmd := m.HandleKey(keyPress(k))
		cmds = append(cmds, cmd)
	}
	return cmds
}

// numbered is a transcript of n notices "item 1" … "item n".
func numbered(n, w, h int) *testModel {
	m, _ := newTest(w, h, themes.Mono)
	for i := 1; i <= n; i++ {
		m.AddNotice(NoticeInfo, fmt.Sprintf("item %d", i))
	}
	return m
}

// screen is the plain view's non-empty lines.
func screen(m *testModel) []string {
	var out []string
	for _, l := range strings.Split(plainView(m), "\n") {
		l = strings.TrimPrefix(l, "│")
		if strings.TrimSpace(l) != "" {
			out = append(out, strings.TrimSpace(l))
		}
	}
	return out
}

func TestNavigationKeys(t *testing.T) {
	tests := []struct {
		name      string
		keys      []string
		cursor    string // text of the selected item
		following bool
		first     string // first non-empty line on screen
	}{
		{"focus selects the last item", nil, "item 30", true, "• item 26"},
		{"up moves the cursor, view stays", []string{"up", "k"}, "item 28", true, "• item 26"},
		{"up past the top scrolls", []string{"up", "up", "up", "up", "up"}, "item 25", false, "• item 25"},
		{"g goes to the top", []string{"g"}, "item 1", false, "• item 1"},
		{"G comes back to the tail", []string{"g", "G"}, "item 30", true, "• item 26"},
		{"down at the top scrolls down", []string{"g", "j", "j", "j", "j", "j"}, "item 6", false, "• item 2"},
		{"pgup pages without moving the cursor", []string{"pgup"}, "item 30", false, "• item 21"},
		{"pgdown back to the tail follows", []string{"pgup", "pgdown"}, "item 30", true, "• item 26"},
		{"a cursor off screen comes back to the edge", []string{"pgup", "pgup", "up"}, "item 21", false, "• item 17"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := numbered(30, 40, 10)
			checkView(t, m)
			m.SetFocused(true)
			for _, k := range tt.keys {
				if handled, _ := m.HandleKey(keyPress(k)); !handled {
					t.Fatalf("key %q not handled", k)
				}
				checkView(t, m)
			}
			if got := m.items[m.cursor].plain(); got != tt.cursor {
				t.Errorf("cursor on %q, want %q", got, tt.cursor)
			}
			if m.Following() != tt.following {
				t.Errorf("following = %v, want %v", m.Following(), tt.following)
			}
			if got := screen(m)[0]; got != tt.first {
				t.Errorf("first line %q, want %q\n%s", got, tt.first, plainView(m))
			}
			if !m.cursorOnScreen() && !strings.HasPrefix(tt.name, "pgup") {
				t.Errorf("cursor item is off screen")
			}
		})
	}
}

func TestCursorMarkedInGutter(t *testing.T) {
	m := numbered(3, 30, 6)
	m.SetFocused(true)
	press(m, "up")
	lines := strings.Split(plainView(m), "\n")
	var marked []string
	for _, l := range lines {
		if strings.HasPrefix(l, "│") {
			marked = append(marked, l)
		}
	}
	if len(marked) != 1 || !strings.Contains(marked[0], "item 2") {
		t.Fatalf("marked lines %q\n%s", marked, plainView(m))
	}
	m.SetFocused(false)
	if strings.Contains(plainView(m), "│") {
		t.Fatal("the cursor shows without focus")
	}
}

func TestKeysLeftToTheRoot(t *testing.T) {
	m := numbered(3, 30, 6)
	m.SetFocused(true)
	for _, k := range []string{"esc", "tab", "i", "q", "o"} {
		if handled, _ := m.HandleKey(keyPress(k)); handled {
			t.Errorf("%q was handled; it belongs to the root", k)
		}
	}
}

func TestExpandCollapse(t *testing.T) {
	m, c := newTest(80, 30, themes.Mono)
	feed(m, c, loadCapture(t, "exp01b_partial"))
	m.SetFocused(true)
	press(m, "up") // text → thinking (footers are not selectable)
	if _, ok := m.items[m.cursor].(*thinkingItem); !ok {
		t.Fatalf("cursor on %T, want the thinking item", m.items[m.cursor])
	}
	if strings.Contains(plainView(m), "Let me think about this carefully.") {
		t.Fatal("thinking is expanded by default")
	}
	press(m, "enter")
	if !strings.Contains(plainView(m), "Let me think about this carefully.") {
		t.Fatalf("enter did not expand the thinking:\n%s", plainView(m))
	}
	press(m, "space")
	if strings.Contains(plainView(m), "Let me think about this carefully.") {
		t.Fatal("space did not collapse it")
	}
	press(m, "x")
	if !strings.Contains(plainView(m), "Let me think about this carefully.") {
		t.Fatal("x did not expand all")
	}
	press(m, "x")
	if strings.Contains(plainView(m), "Let me think about this carefully.") {
		t.Fatal("x again did not collapse all")
	}
}

func TestCopy(t *testing.T) {
	m, c := newTest(80, 20, themes.Mono)
	feed(m, c, loadCapture(t, "exp02a_perm_allow"))
	m.SetFocused(true)
	press(m, "up", "up") // the Bash call
	_, cmd := m.HandleKey(keyPress("y"))
	if cmd == nil {
		t.Fatal("y returned no command")
	}
	msgs := runCmd(cmd)
	var copied string
	for _, msg := range msgs {
		if s := fmt.Sprintf("%T", msg); s == "tea.setClipboardMsg" {
			copied = fmt.Sprint(msg)
		}
		if cm, ok := msg.(CopiedMsg); ok && cm.Chars == 0 {
			t.Error("CopiedMsg counts no characters")
		}
	}
	if !strings.Contains(copied, "Bash(touch /home/dev/project/x)") {
		t.Fatalf("clipboard got %q (messages %#v)", copied, msgs)
	}
}

// runCmd runs a command and the batches it returns, collecting messages.
func runCmd(cmd tea.Cmd) []tea.Msg {
	if cmd == nil {
		return nil
	}
	msg := cmd()
	if b, ok := msg.(tea.BatchMsg); ok {
		var out []tea.Msg
		for _, c := range b {
			out = append(out, runCmd(c)...)
		}
		return out
	}
	return []tea.Msg{msg}
}

func TestOpenTask(t *testing.T) {
	m, c := newTest(80, 30, themes.Mono)
	feed(m, c, loadCapture(t, "exp07a_task_subagent"))
	m.SetFocused(true)
	press(m, "g")
	handled, cmd := m.HandleKey(keyPress("o"))
	if !handled || cmd == nil {
		t.Fatal("o on an Agent call was not handled")
	}
	if got := cmd(); got != (OpenTaskMsg{ToolUseID: "toolu_fake001"}) {
		t.Fatalf("got %#v", got)
	}
}

func TestNewBelowBadge(t *testing.T) {
	m := numbered(20, 40, 8)
	m.View()
	m.ScrollLines(-5)
	if m.Following() {
		t.Fatal("still following after scrolling up")
	}
	m.AddNotice(NoticeInfo, "late 1")
	m.AddNotice(NoticeInfo, "late 2")
	if m.NewBelow() != 2 {
		t.Fatalf("NewBelow = %d, want 2", m.NewBelow())
	}
	lines := strings.Split(plainView(m), "\n")
	if last := lines[len(lines)-1]; !strings.HasSuffix(last, "new output below ↓") {
		t.Fatalf("last line %q has no badge", last)
	}
	before := plainView(m)
	m.AddNotice(NoticeInfo, "late 3")
	if got := plainView(m); got != before {
		t.Fatalf("the scrolled view moved when an item arrived:\n%s\n---\n%s", before, got)
	}
	m.ScrollLines(1000)
	if !m.Following() || m.NewBelow() != 0 {
		t.Fatal("scrolling to the bottom does not follow again")
	}
}

func TestMouseScrollAndResize(t *testing.T) {
	m := numbered(50, 40, 10)
	m.View()
	m.ScrollLines(-7)
	top := screen(m)[0]
	m.ScrollLines(3)
	m.ScrollLines(-3)
	if got := screen(m)[0]; got != top {
		t.Fatalf("scrolling down and up again moved the view: %q then %q", top, got)
	}
	// A narrower window keeps the same top item.
	m.SetSize(20, 10)
	checkView(t, m)
	if got := screen(m)[0]; got != top {
		t.Fatalf("after a resize the top is %q, want %q", got, top)
	}
	m.SetSize(40, 200)
	v := checkView(t, m)
	if !m.Following() || !strings.Contains(v, "item 1") {
		t.Fatal("a window taller than the transcript does not show it all")
	}
}
