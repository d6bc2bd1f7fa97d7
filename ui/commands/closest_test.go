package commands

import (
	"strings"
	"testing"

	"github.com/gclaude/gclaude/ui/input"
)

func TestClosest(t *testing.T) {
	known := []string{"status", "permissions", "add-dir", "memory", "rewind", "compact", "model", "mode"}
	for _, tt := range []struct{ in, want string }{
		{"stauts", "status"},
		{"perm", "permissions"},
		{"adddir", "add-dir"},
		{"memroy", "memory"},
		{"modle", "model"},
		{"xyzzy", ""},
		{"completelydifferent", ""},
	} {
		if got := closest(tt.in, known); got != tt.want {
			t.Errorf("Closest(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestUnknown(t *testing.T) {
	if got := unknownNotice("stauts", []string{"status"}); !strings.Contains(got, "Did you mean /status?") || !strings.Contains(got, "not sent") {
		t.Errorf("Unknown = %q", got)
	}
	if got := unknownNotice("xyzzy", []string{"status"}); !strings.Contains(got, "/help") {
		t.Errorf("Unknown without a near name = %q", got)
	}
}

// A name or alias of the menu is known; anything else is refused with a notice.
func TestUnknownReadsTheMenu(t *testing.T) {
	menu := []input.Command{{Name: "status"}, {Name: "compact", Aliases: []string{"squash"}}}
	for _, name := range []string{"status", "compact", "squash"} {
		if _, unknown := Unknown(name, menu); unknown {
			t.Errorf("/%s refused", name)
		}
	}
	if text, unknown := Unknown("stauts", menu); !unknown || !strings.Contains(text, "Did you mean /status?") {
		t.Errorf("/stauts: %v %q", unknown, text)
	}
}
