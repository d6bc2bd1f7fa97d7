package cmd

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gclaude/gclaude/internal/replay"
	"github.com/gclaude/gclaude/ui"
)

// Whatever stops a replay before the screen is taken over is a plain error.
func TestReplayFailsBeforeTheTUI(t *testing.T) {
	good := filepath.Join(t.TempDir(), "x.jsonl")
	if err := os.WriteFile(good, []byte(`{"type":"keep_alive"}`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"replay", filepath.Join(t.TempDir(), "missing.jsonl")}, "no such file"},
		{[]string{"replay", "--speed", "0", good}, "--speed"},
		{[]string{"replay", "--speed", "-2", good}, "--speed"},
		{[]string{"replay", "--theme", "neon", good}, "--theme"},
		{[]string{"replay"}, "arg"},
	}
	for _, tt := range tests {
		if _, err := runCmd(t, tt.args...); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%v: err = %v, want %q", tt.args, err, tt.want)
		}
	}
}

// Playing again opens the file afresh, unpaused, at the speed last chosen.
func TestReplayAgainKeepsTheSpeed(t *testing.T) {
	path := filepath.Join(t.TempDir(), "x.jsonl")
	if err := os.WriteFile(path, []byte(`{"type":"system","subtype":"status"}`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	opts := replay.Options{Paused: true}
	first, err := replay.Open(path, opts)
	if err != nil {
		t.Fatal(err)
	}
	r := &replays{path: path, opts: opts, last: first}
	r.all.add(first)
	defer r.all.closeAll()
	first.SetSpeed(4)
	b, err := r.again(context.Background(), ui.StartRequest{})
	if err != nil {
		t.Fatal(err)
	}
	p := b.(*replay.Player)
	if p == first || p.Speed() != 4 || p.Paused() {
		t.Fatalf("again: same=%v speed=%v paused=%v", p == first, p.Speed(), p.Paused())
	}
	if len(r.all.all) != 2 {
		t.Fatalf("players kept for closing: %d", len(r.all.all))
	}
}

func TestReplayIntro(t *testing.T) {
	path := filepath.Join(t.TempDir(), "rec.jsonl")
	if err := os.WriteFile(path, []byte("{\"type\":\"system\",\"subtype\":\"status\"}\n{\"type\":\"system\",\"subtype\":\"status\"}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	p, err := replay.Open(path, replay.Options{Paused: true})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	intro := replayIntro(path, p)
	for _, want := range []string{"Replay of rec.jsonl: 2 events", "no timeline", "read-only", "space pauses"} {
		if !strings.Contains(intro, want) {
			t.Errorf("intro lacks %q: %q", want, intro)
		}
	}
}
