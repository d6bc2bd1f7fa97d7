package trust

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"regexp"
	"strings"
)

// MCP servers of a project's .mcp.json, as CLI 2.1.332 reads and approves them: every
// .mcp.json from the working folder up to (not including) / counts, a nearer file's
// server replacing a farther one's of the same name. A server is declined when a
// settings file lists it in disabledMcpjsonServers, approved when one lists it in
// enabledMcpjsonServers or sets enableAllProjectMcpServers, and otherwise new. Claude
// Code's own screen asks about each new server and writes the answer to
// .claude/settings.local.json (enabledMcpjsonServers, and enableAllProjectMcpServers
// for "this and all future servers"; disabledMcpjsonServers for "continue without").
// Headless claude starts every new server without asking, so gclaude asks first.

// MCPStatus is where a server stands.
type MCPStatus int

const (
	MCPNew      MCPStatus = iota // nobody approved or declined it: it is asked about
	MCPApproved                  // a setting approves it: it starts without asking
	MCPDeclined                  // a setting declines it: it never starts
)

// Server is one server of .mcp.json.
type Server struct {
	Name   string
	Source string // the .mcp.json it comes from, relative to the folder when inside it
	// Run is what starts or reaches it: the command line of a stdio server, the URL
	// of the others, with the environment it sets and its headersHelper command.
	Run    string
	Status MCPStatus
	By     string // the settings file that approves or declines it
}

// readServers merges the .mcp.json files found (nearest folder first).
func readServers(files []Entry, rel func(string) string, facts *Facts) []Server {
	var out []Server
	for i := len(files) - 1; i >= 0; i-- {
		e := files[i]
		if e.Kind == Absent {
			continue
		}
		src := rel(e.Path)
		if !e.Read() {
			facts.unreadable(src, e)
			continue
		}
		var cfg struct {
			MCPServers map[string]json.RawMessage `json:"mcpServers"`
		}
		if err := json.Unmarshal(e.Data, &cfg); err != nil {
			facts.add(FactUnreadable, src, "", "not valid JSON: "+err.Error())
			continue
		}
		for _, name := range orderedKeys(e.Data, "mcpServers") {
			s := Server{Name: name, Source: src, Run: serverRun(cfg.MCPServers[name])}
			if j := indexServer(out, name); j >= 0 {
				out[j] = s // Object.assign: the nearer file's, in the first one's place
			} else {
				out = append(out, s)
			}
		}
	}
	return out
}

func indexServer(all []Server, name string) int {
	for i, s := range all {
		if s.Name == name {
			return i
		}
	}
	return -1
}

// orderedKeys are the member names of data's object member, in the file's order.
func orderedKeys(data []byte, member string) []string {
	o, err := parseObject(data)
	if err != nil {
		return nil
	}
	c, err := o.child(member)
	if err != nil || c == nil {
		return nil
	}
	return c.keys
}

// serverRun says what a server's config runs or reaches.
func serverRun(raw json.RawMessage) string {
	var c struct {
		Type          string            `json:"type"`
		Command       string            `json:"command"`
		Args          []string          `json:"args"`
		URL           string            `json:"url"`
		Env           map[string]string `json:"env"`
		HeadersHelper string            `json:"headersHelper"`
	}
	if json.Unmarshal(raw, &c) != nil || (c.Command == "" && c.URL == "") {
		return text(raw)
	}
	var b strings.Builder
	for _, k := range sortedKeys(c.Env) {
		b.WriteString(shellWord(k + "=" + c.Env[k]))
		b.WriteByte(' ')
	}
	if c.Command != "" {
		b.WriteString(shellWord(c.Command))
		for _, a := range c.Args {
			b.WriteString(" " + shellWord(a))
		}
	} else {
		b.WriteString(strings.TrimSpace(c.Type + " " + c.URL))
	}
	if c.HeadersHelper != "" {
		b.WriteString(" · headersHelper: " + c.HeadersHelper)
	}
	return b.String()
}

var plainWord = regexp.MustCompile(`^[A-Za-z0-9_@%+=:,./-]+$`)

// shellWord quotes a word as a shell would need it.
func shellWord(s string) string {
	if plainWord.MatchString(s) {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// approvals are what the settings files say of .mcp.json servers.
type approvals struct {
	all      string            // the file that sets enableAllProjectMcpServers
	enabled  map[string]string // server → the file that lists it
	disabled map[string]string
}

// read adds one settings file's approvals.
func (a *approvals) read(source string, data []byte) {
	var s struct {
		All      json.RawMessage `json:"enableAllProjectMcpServers"`
		Enabled  []string        `json:"enabledMcpjsonServers"`
		Disabled []string        `json:"disabledMcpjsonServers"`
	}
	if json.Unmarshal(data, &s) != nil {
		return
	}
	if a.enabled == nil {
		a.enabled, a.disabled = map[string]string{}, map[string]string{}
	}
	if a.all == "" && truthy(s.All) {
		a.all = source
	}
	for _, n := range s.Enabled {
		if _, ok := a.enabled[n]; !ok {
			a.enabled[n] = source
		}
	}
	for _, n := range s.Disabled {
		if _, ok := a.disabled[n]; !ok {
			a.disabled[n] = source
		}
	}
}

// judge sets each server's status; a decline wins, as in the CLI.
func (a approvals) judge(servers []Server) {
	for i := range servers {
		s := &servers[i]
		switch {
		case a.disabled[s.Name] != "":
			s.Status, s.By = MCPDeclined, a.disabled[s.Name]
		case a.enabled[s.Name] != "":
			s.Status, s.By = MCPApproved, a.enabled[s.Name]
		case a.all != "":
			s.Status, s.By = MCPApproved, a.all
		}
	}
}

// Choice is the answer about new servers: Use starts them (All: this and every future
// server of the project), Decline never does.
type Choice struct {
	Use     []string
	All     bool
	Decline []string
}

// localSettings is where the answers go, relative to the folder.
const localSettings = ".claude/settings.local.json"

// Decide writes the answer to dir's .claude/settings.local.json as Claude Code does,
// keeping everything else in it. A .claude folder or settings file that is a symbolic
// link, or a settings file that is not valid JSON, is refused: nothing is written.
func Decide(ctx context.Context, fsys FS, dir string, c Choice) error {
	claudeDir := path.Join(dir, ".claude")
	file := path.Join(dir, localSettings)
	got, err := fsys.Probe(ctx, []string{claudeDir, file}, 1<<20)
	if err != nil {
		return err
	}
	switch d, f := got[0], got[1]; {
	case d.Link:
		return fmt.Errorf("%s is a symbolic link: gclaude does not write through it", claudeDir)
	case d.Kind != Absent && d.Kind != Dir:
		return fmt.Errorf("%s is not a folder", claudeDir)
	case f.Link || (f.Kind != Absent && f.Kind != File):
		return fmt.Errorf("%s is a symbolic link or not a regular file: gclaude does not write to it", file)
	case f.Kind == File && !f.Read():
		return fmt.Errorf("%s could not be read: %v", file, f.Err)
	}
	o, perm := &object{}, fs.FileMode(0o644)
	if f := got[1]; f.Kind == File && strings.TrimSpace(string(f.Data)) != "" {
		if o, err = parseObject(f.Data); err != nil {
			return fmt.Errorf("%s is not valid JSON (%v): gclaude leaves it as it is", file, err)
		}
		perm = f.Mode
	}
	if err := addNames(o, "enabledMcpjsonServers", c.Use); err != nil {
		return fmt.Errorf("%s: %w", file, err)
	}
	if c.All {
		o.set("enableAllProjectMcpServers", jsonTrue)
	}
	if err := addNames(o, "disabledMcpjsonServers", c.Decline); err != nil {
		return fmt.Errorf("%s: %w", file, err)
	}
	return fsys.Replace(ctx, file, o.indented(true), perm, false)
}

// addNames appends names missing from o's list member.
func addNames(o *object, member string, names []string) error {
	if len(names) == 0 {
		return nil
	}
	var list []string
	if v := o.get(member); v != nil && string(v) != "null" {
		if err := json.Unmarshal(v, &list); err != nil {
			return errors.New(member + " is not a list of names")
		}
	}
	for _, n := range names {
		if !contains(list, n) {
			list = append(list, n)
		}
	}
	b, err := json.Marshal(list)
	if err != nil {
		return err
	}
	o.set(member, b)
	return nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
