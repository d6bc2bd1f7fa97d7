package e2e

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gclaude/gclaude/internal/clirig"
	"github.com/gclaude/gclaude/ui/commands"
)

var updateHelpList = flag.Bool("update", false, "rewrite ui/commands/testdata/claude-code-help.txt from the pinned CLI")

// helpListFile is the list of Claude Code's /help commands that ui/commands walks
// (TestEveryClaudeCodeCommandAnswers): every one must work in gclaude, run in claude, or
// say in one line why it does not apply.
const helpListFile = "ui/commands/testdata/claude-code-help.txt"

// The list is the pinned CLI's own: the Commands tab of its /help screen, read from its
// terminal UI in tmux, with each command's aliases from its command table (in the
// binary) and from its initialize response. When the pin changes this test fails with
// the new list; rewrite the file with
//
//	GCLAUDE_REQUIRE_E2E=1 go test ./e2e -run TestE2EClaudeCodeHelpList -update
//
// and read the diff: a new command needs an answer in gclaude.
func TestE2EClaudeCodeHelpList(t *testing.T) {
	t.Parallel()
	rig := clirig.New(t, clirig.Options{})
	version, err := clirig.Version(rig.Bin)
	if err != nil {
		t.Fatal(err)
	}
	if version != clirig.PinnedVersion && !*updateHelpList {
		t.Skipf("claude %s is not the pinned %s, whose list the file holds", version, clirig.PinnedVersion)
	}
	entries := readCLIHelp(t, rig)
	aliases := initializeAliases(t, rig)
	for name, more := range tableAliases(t, rig.Bin, entries) {
		aliases[name] = append(aliases[name], more...)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "# Claude Code %s: the commands its /help lists (Commands tab), in its order.\n", version)
	b.WriteString("# name<TAB>aliases (comma-separated)<TAB>description, as the CLI shows them.\n")
	b.WriteString("# Written by: GCLAUDE_REQUIRE_E2E=1 go test ./e2e -run TestE2EClaudeCodeHelpList -update\n")
	for _, e := range entries {
		as := aliases[e.name]
		slices.Sort(as)
		fmt.Fprintf(&b, "%s\t%s\t%s\n", e.name, strings.Join(slices.Compact(as), ","), e.desc)
	}
	root, err := clirig.ModuleRoot()
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(root, filepath.FromSlash(helpListFile))
	if *updateHelpList {
		if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	old, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if string(old) != b.String() {
		t.Errorf("%s is not claude %s's /help; rewrite it with -update and read the diff. The CLI's list:\n%s", helpListFile, version, b.String())
	}
}

type helpEntry struct{ name, desc string }

// helpEntryLine is a command's row in the /help screen's Commands tab; its description
// is the next line.
var helpEntryLine = regexp.MustCompile(`^  [❯ ] /(\S+)\s*$`)

// readCLIHelp opens the CLI's own /help in tmux, on a screen tall enough to hold the
// whole list, and reads its Commands tab.
func readCLIHelp(t *testing.T, rig *clirig.Rig) []helpEntry {
	t.Helper()
	// A first start of the terminal UI asks for a theme, the folder's trust and the API
	// key; this HOME has answered already.
	state := map[string]any{
		"hasCompletedOnboarding": true, "theme": "dark",
		"customApiKeyResponses": map[string]any{"approved": []string{clirig.FakeAPIKey}, "rejected": []string{}},
		"projects":              map[string]any{rig.Dir: map[string]any{"hasTrustDialogAccepted": true, "hasCompletedProjectOnboarding": true}},
	}
	data, err := json.Marshal(state)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(rig.Home, ".claude.json"), data, 0o600); err != nil {
		t.Fatal(err)
	}
	tm := startTerm(t, termOptions{Width: 200, Height: 250, Dir: rig.Dir, Env: appEnv(rig), Argv: []string{rig.Bin}})
	t.Cleanup(func() {
		tm.kill()
		if left := waitNoProcs("HOME="+rig.Home, 20*time.Second); len(left) > 0 {
			killProcs(left)
		}
	})
	tm.WaitFor("❯", waitTimeout)
	tm.Type("/help")
	tm.WaitFor("/help", waitTimeout)
	tm.SendKeys("Enter")
	tm.WaitFor("Commands", waitTimeout)
	tm.SendKeys("Right")
	screen := tm.WaitFor("Browse default commands", waitTimeout)
	if regexp.MustCompile(`↓ \d+ more`).MatchString(screen) {
		t.Fatalf("the list does not fit the screen: make it taller\n%s", frameScreen(screen))
	}
	lines := strings.Split(screen, "\n")
	var out []helpEntry
	for i, l := range lines {
		if m := helpEntryLine.FindStringSubmatch(l); m != nil && i+1 < len(lines) {
			out = append(out, helpEntry{name: m[1], desc: strings.TrimSpace(lines[i+1])})
		}
	}
	if len(out) < 40 {
		t.Fatalf("read %d commands from the /help screen:\n%s", len(out), frameScreen(screen))
	}
	return out
}

// initializeAliases are the aliases of the commands claude offers over stream-json, as
// its initialize response lists them.
func initializeAliases(t *testing.T, rig *clirig.Rig) map[string][]string {
	t.Helper()
	c := rig.Start(t, clirig.HeadlessArgs()...)
	c.Send(map[string]any{"type": "control_request", "request_id": "init-1", "request": map[string]any{"subtype": "initialize"}})
	resp := c.Until(func(m map[string]any) bool {
		return m["type"] == "control_response" && clirig.Field(m, "response", "request_id") == "init-1"
	}, nil)
	out := map[string][]string{}
	cmds, _ := clirig.Field(resp, "response", "response", "commands").([]any)
	for _, c := range cmds {
		c, _ := c.(map[string]any)
		name, _ := c["name"].(string)
		as, _ := c["aliases"].([]any)
		for _, a := range as {
			if a, ok := a.(string); ok {
				out[name] = append(out[name], a)
			}
		}
	}
	return out
}

// tableAliases reads the aliases of the listed commands from the CLI's command table,
// in the JavaScript its binary embeds: each command is an object literal holding
// name:"…", description and type:"…", and its aliases:[…] when it has some.
func tableAliases(t *testing.T, bin string, entries []helpEntry) map[string][]string {
	t.Helper()
	f, err := os.Open(bin)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	wanted := map[string]bool{}
	for _, e := range entries {
		wanted[e.name] = true
	}
	out := map[string][]string{}
	const chunk, overlap = 16 << 20, 16 << 10
	buf := make([]byte, chunk+overlap)
	kept := 0
	for {
		n, err := io.ReadFull(f, buf[kept:])
		data := buf[:kept+n]
		last := err != nil
		limit := len(data) - overlap
		if last {
			limit = len(data)
		}
		for _, m := range commandName.FindAllSubmatchIndex(data, -1) {
			name := string(data[m[2]:m[3]])
			if m[0] >= limit || !wanted[name] {
				continue
			}
			if obj := enclosingObject(data, m[0]); obj != nil {
				for _, am := range aliasList.FindAllSubmatch(obj, -1) {
					for _, a := range quoted.FindAllSubmatch(am[1], -1) {
						out[name] = append(out[name], string(a[1]))
					}
				}
			}
		}
		if last {
			return out
		}
		kept = copy(buf, data[len(data)-overlap:])
	}
}

var (
	commandName = regexp.MustCompile(`name:"([a-z][a-z0-9-]*)"`)
	aliasList   = regexp.MustCompile(`aliases:\[([^\]]*)\]`)
	quoted      = regexp.MustCompile(`"([^"]+)"`)
)

// enclosingObject is the object literal assigned at the nearest `={` before at, if it
// contains at and looks like a command (a description and a type).
func enclosingObject(data []byte, at int) []byte {
	start := bytes.LastIndex(data[max(0, at-2000):at], []byte("={"))
	if start < 0 {
		return nil
	}
	start += max(0, at-2000) + 1
	depth := 0
	for i := start; i < len(data) && i < start+8000; i++ {
		switch data[i] {
		case '{':
			depth++
		case '}':
			depth--
			if depth == 0 {
				obj := data[start : i+1]
				if i < at || !bytes.Contains(obj, []byte("description")) || !bytes.Contains(obj, []byte(`type:"`)) {
					return nil
				}
				return obj
			}
		}
	}
	return nil
}

// Every command of the list that gclaude leaves to claude runs there: sent as typed
// over stream-json, the pinned CLI answers it (a skill's prompt reaches the model, a
// local command says its piece) and never with "isn't available in this environment",
// its answer to a command of its terminal UI.
func TestE2EClaudeCodeCommandsLeftToClaudeRunThere(t *testing.T) {
	t.Parallel()
	rig := clirig.New(t, clirig.Options{})
	root, err := clirig.ModuleRoot()
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(helpListFile)))
	if err != nil {
		t.Fatal(err)
	}
	c := rig.Start(t, clirig.HeadlessArgs()...)
	c.Send(map[string]any{"type": "control_request", "request_id": "init-1", "request": map[string]any{"subtype": "initialize"}})
	tried := 0
	for _, line := range strings.Split(string(data), "\n") {
		f := strings.Split(line, "\t")
		if len(f) != 3 || strings.HasPrefix(line, "#") {
			continue
		}
		names := []string{f[0]}
		if f[1] != "" {
			names = append(names, strings.Split(f[1], ",")...)
		}
		for _, name := range names {
			if _, ours := commands.Lookup(name); ours {
				continue
			}
			tried++
			c.Prompt("/" + name)
			res := c.Until(func(m map[string]any) bool { return m["type"] == "result" }, func(m map[string]any) {
				if clirig.IsToolRequest(m) { // a skill's model call asked for a tool: no
					c.AnswerTool(m, map[string]any{"behavior": "deny", "message": "not in this test"})
				}
			})
			text, _ := res["result"].(string)
			if res["is_error"] == true || strings.Contains(text, "isn't available in this environment") {
				t.Errorf("/%s, left to claude: %q (error %v)", name, text, res["is_error"])
			}
		}
	}
	if tried < 20 {
		t.Fatalf("only %d commands are left to claude: the list was not read", tried)
	}
}
