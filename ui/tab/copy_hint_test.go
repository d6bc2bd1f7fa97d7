package tab

import (
	"strings"
	"testing"
)

// y in the transcript says what it copied and how much, in place of the key help.
func TestCopyReportsWhatWasCopied(t *testing.T) {
	h := newHarness(t)
	h.ready()
	h.typeText("hello")
	h.keys("enter")
	h.msgs(systemInit(), assistantText("msg_1", "an answer of 26 characters"), result())
	h.keys("tab", "y")
	if scr := h.screen(); !strings.Contains(scr, "copied the answer to the clipboard · 26 characters") {
		t.Fatalf("no copied notice:\n%s", scr)
	}
}

func TestGroupThousands(t *testing.T) {
	for n, want := range map[int]string{0: "0", 999: "999", 1000: "1,000", 1234567: "1,234,567"} {
		if got := groupThousands(n); got != want {
			t.Errorf("groupThousands(%d) = %q, want %q", n, got, want)
		}
	}
}
