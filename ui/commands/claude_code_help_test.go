package commands

import (
	"bufio"
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/gclaude/gclaude/internal/capturefiles"
	"github.com/gclaude/gclaude/protocol"
)

// claudeCodeCommand is an entry of testdata/claude-code-help.txt: a command of the
// pinned Claude Code's /help (the list e2e's TestE2EClaudeCodeHelpList keeps equal to
// the CLI's).
type claudeCodeCommand struct {
	name    string
	aliases []string
}

func readClaudeCodeHelp(t *testing.T) []claudeCodeCommand {
	t.Helper()
	data, err := os.ReadFile("testdata/claude-code-help.txt")
	if err != nil {
		t.Fatal(err)
	}
	var out []claudeCodeCommand
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) != 3 {
			t.Fatalf("bad line %q", line)
		}
		c := claudeCodeCommand{name: f[0]}
		if f[1] != "" {
			c.aliases = strings.Split(f[1], ",")
		}
		out = append(out, c)
	}
	if len(out) < 40 {
		t.Fatalf("only %d commands in the list", len(out))
	}
	return out
}

// cliMenu is the / menu as the pinned CLI's recorded initialize response makes it:
// gclaude's commands, then those claude runs over stream-json, with its skills.
func cliMenu(t *testing.T) []protocolMenuEntry {
	t.Helper()
	line, _, _ := bytes.Cut(capturefiles.Read(t, "exp01_text.jsonl"), []byte("\n"))
	msg, err := protocol.Decode(line)
	if err != nil {
		t.Fatal(err)
	}
	resp, ok := msg.(*protocol.ControlResponse)
	if !ok {
		t.Fatalf("the recording's first line is a %T, not the initialize response", msg)
	}
	init, err := protocol.DecodeResponse[protocol.InitializeResponse](resp.Response)
	if err != nil || len(init.Commands) == 0 {
		t.Fatalf("initialize response: %v (%d commands)", err, len(init.Commands))
	}
	return init.Commands
}

type protocolMenuEntry = protocol.SlashCommand

// ownCommandOnPurpose are Claude Code aliases that name another of gclaude's commands,
// on purpose (README, "where gclaude differs").
var ownCommandOnPurpose = map[string]bool{
	"cost": true, // gclaude's /cost is the short form of /usage, as Claude Code's /cost was before it became an alias
}

// Every command of Claude Code's /help, by name and by alias, answers in gclaude: one of
// gclaude's own (which then owns the command's aliases too, so that none of them reaches
// another implementation), or one claude runs over stream-json. None is refused as
// "Unknown command".
func TestEveryClaudeCodeCommandAnswers(t *testing.T) {
	menu := Menu(cliMenu(t), nil)
	for _, c := range readClaudeCodeHelp(t) {
		own, isOwn := Lookup(c.name)
		for _, name := range append([]string{c.name}, c.aliases...) {
			if isOwn {
				if got, ok := Lookup(name); (!ok || got.Name != own.Name) && !ownCommandOnPurpose[name] {
					t.Errorf("/%s is Claude Code's alias of /%s: gclaude's /%s should answer it, got %q", name, c.name, own.Name, got.Name)
				}
				continue
			}
			if _, ok := Lookup(name); ok {
				continue
			}
			if text, unknown := Unknown(name, menu); unknown {
				t.Errorf("/%s (Claude Code's /%s): %s", name, c.name, text)
			}
		}
	}
}
