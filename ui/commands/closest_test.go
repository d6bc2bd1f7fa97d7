package commands

import (
	"strings"
	"testing"
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
		if got := Closest(tt.in, known); got != tt.want {
			t.Errorf("Closest(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestUnknown(t *testing.T) {
	if got := Unknown("stauts", []string{"status"}); !strings.Contains(got, "Did you mean /status?") || !strings.Contains(got, "not sent") {
		t.Errorf("Unknown = %q", got)
	}
	if got := Unknown("xyzzy", []string{"status"}); !strings.Contains(got, "/help") {
		t.Errorf("Unknown without a near name = %q", got)
	}
}
