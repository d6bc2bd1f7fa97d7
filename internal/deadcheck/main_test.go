package main

import (
	"reflect"
	"strings"
	"testing"
)

func TestCheck(t *testing.T) {
	allow, err := parseAllow(strings.NewReader(`# comment

protocol.DecodeClient      decodes the stdin captures for tests
internal/clirig.*        the test rig: only tests drive the CLI through it
render.gone              moved away on another branch
`))
	if err != nil {
		t.Fatal(err)
	}
	found := []string{"protocol.DecodeClient", "internal/clirig.Rig.Start", "internal/clirig.New", "protocol.DecodeClientX", "internal/clirig/sub.F", "render.Stale"}
	unlisted, stale := check(found, allow)
	if want := []string{"protocol.DecodeClientX", "internal/clirig/sub.F", "render.Stale"}; !reflect.DeepEqual(unlisted, want) {
		t.Errorf("unlisted = %q, want %q", unlisted, want)
	}
	if len(stale) != 1 || stale[0].pattern != "render.gone" || stale[0].line != 5 {
		t.Errorf("stale = %+v", stale)
	}
}

func TestAllowNeedsAReason(t *testing.T) {
	if _, err := parseAllow(strings.NewReader("protocol.DecodeClient\n")); err == nil {
		t.Error("an entry without a reason was accepted")
	}
	if _, err := parseAllow(strings.NewReader("protocol.[ bad pattern\n")); err == nil {
		t.Error("a malformed pattern was accepted")
	}
}
