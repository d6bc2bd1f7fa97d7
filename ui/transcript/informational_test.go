package transcript

import (
	"slices"
	"testing"

	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/themes"
)

// The CLI's informational lines are notices at their level.
func TestInformationalIsANotice(t *testing.T) {
	m, _ := newTest(100, 10, themes.Mono)
	m.Apply(&protocol.Informational{Content: "Auto mode can't check actions in this session.", Level: "warning"})
	if got, want := summary(m), []string{"notice:warn:Auto mode can't check actions "}; !slices.Equal(got, want) {
		t.Fatalf("items = %q, want %q", got, want)
	}
}
