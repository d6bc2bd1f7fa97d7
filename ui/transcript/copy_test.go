package transcript

import (
	"fmt"
	"strings"
	"testing"

	"github.com/gclaude/gclaude/themes"
)

// copied runs a copy command: what reached the clipboard and the CopiedMsg.
func copied(t *testing.T, m *testModel, k string) (string, CopiedMsg) {
	t.Helper()
	_, cmd := m.HandleKey(keyPress(k))
	var text string
	var msg CopiedMsg
	for _, x := range runCmd(cmd) {
		if fmt.Sprintf("%T", x) == "tea.setClipboardMsg" {
			text = fmt.Sprint(x)
		}
		if c, ok := x.(CopiedMsg); ok {
			msg = c
		}
	}
	return text, msg
}

// Focusing the transcript selects the answer, not the turn's footer, and y copies
// the answer and names it.
func TestFocusSkipsFooterAndCopyNamesItem(t *testing.T) {
	m, c := newTest(80, 30, themes.Mono)
	feed(m, c, loadCapture(t, "exp01_text"))
	m.SetFocused(true)
	if _, ok := m.items[m.cursor].(*footerItem); ok {
		t.Fatal("focus selected the turn footer")
	}
	press(m, "down", "G")
	if _, ok := m.items[m.cursor].(*footerItem); ok {
		t.Fatal("down/G selected the turn footer")
	}
	text, msg := copied(t, m, "y")
	if !strings.Contains(text, "Hello from the fake API.") || strings.Contains(text, "$") {
		t.Fatalf("y copied %q", text)
	}
	if msg.What != "the answer" || msg.Chars != len([]rune(text)) {
		t.Fatalf("CopiedMsg = %+v for %q", msg, text)
	}
}

// Y copies the whole turn the cursor is in: the prompt, the tool call and the
// answer, without the footer's figures and without the next turn.
func TestCopyTurn(t *testing.T) {
	m, c := newTest(80, 30, themes.Mono)
	m.AddUserPrompt("please touch x")
	feed(m, c, loadCapture(t, "exp02a_perm_allow"))
	m.AddUserPrompt("next prompt")
	m.SetFocused(true)
	press(m, "g", "down") // the Bash call of the first turn
	text, msg := copied(t, m, "Y")
	for _, want := range []string{"please touch x", "touch /home/dev/project/x"} {
		if !strings.Contains(text, want) {
			t.Errorf("the turn copied lacks %q:\n%s", want, text)
		}
	}
	if strings.Contains(text, "next prompt") || strings.Contains(text, "$0.") {
		t.Errorf("the turn copied has the next turn or the footer:\n%s", text)
	}
	if msg.What != "this turn" {
		t.Errorf("CopiedMsg = %+v", msg)
	}
}

// A prompt typed with a paste chip shows as typed; enter expands it to the text
// sent, and y copies that text.
func TestPastedPromptShowsChipExpandsToText(t *testing.T) {
	m, _ := newTest(80, 30, themes.Mono)
	full := "look: " + strings.Repeat("pasted row\n", 40) + " thanks"
	m.AddPastedPrompt(full, "look: [Pasted text #1 +40 lines] thanks")
	if v := plainView(m); !strings.Contains(v, "[Pasted text #1 +40 lines]") || strings.Contains(v, "pasted row") {
		t.Fatalf("collapsed prompt:\n%s", v)
	}
	m.SetFocused(true)
	press(m, "enter")
	if v := plainView(m); !strings.Contains(v, "pasted row") {
		t.Fatalf("enter did not expand the prompt:\n%s", v)
	}
	if text, _ := copied(t, m, "y"); !strings.Contains(text, full) {
		t.Fatalf("y copied %q", text)
	}
}
