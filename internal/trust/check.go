package trust

import (
	"context"
	"encoding/json"
	"fmt"
	"path"
	"strings"
)

// Options say what the question is about.
type Options struct {
	// Worktree: gclaude is about to make a worktree of the folder's repository, so its
	// worktreeSetup command (.gclaude/workspace.json) is among what would run.
	Worktree bool
}

// Verdict is what gclaude knows of a folder before claude may start there.
type Verdict struct {
	Where  string // the machine: "" for this one
	Dir    string // the folder as claude sees it (symbolic links resolved)
	Home   string // the home folder there, for showing paths as ~/…
	Key    string // the record's entry for it: its repository's main checkout, or Dir
	Record string // the record file (~/.claude.json)
	// Trusted: Claude Code's record (or CLAUDE_CODE_SANDBOXED) says the folder is
	// trusted; TrustedBy is the entry that does ("" for the environment).
	Trusted   bool
	TrustedBy string
	// SessionOnly says why a Yes is not written, so that it holds for this gclaude
	// only ("" when it is written): the home folder, or the CLI told to ignore its record.
	SessionOnly string
	// RecordErr is why the record could not be read: the folder then counts as not
	// trusted and a Yes is not written over the file.
	RecordErr error
	Facts     Facts
	Servers   []Server // .mcp.json's servers, with where each stands
}

// NewServers are the servers nobody approved or declined yet: each is asked about.
func (v Verdict) NewServers() []Server {
	var out []Server
	for _, s := range v.Servers {
		if s.Status == MCPNew {
			out = append(out, s)
		}
	}
	return out
}

// Ready reports whether claude may start: the folder is trusted (by the record, or by
// the user's Yes in this gclaude: trustedNow) and no server waits for an answer.
func (v Verdict) Ready(trustedNow bool) bool {
	return (v.Trusted || trustedNow) && len(v.NewServers()) == 0
}

// maxSettings bounds the settings and .mcp.json files read: one larger is shown as
// unreadable, never read whole.
const maxSettings = 1 << 20

// Check finds whether Claude Code trusts dir and everything dir would run once trusted.
// An error means the machine could not be asked (a remote host that does not answer);
// a record that cannot be read is not an error but RecordErr.
func Check(ctx context.Context, fsys FS, dir string, opts Options) (Verdict, error) {
	env, err := fsys.Env(ctx)
	if err != nil {
		return Verdict{}, err
	}
	real, err := fsys.Resolve(ctx, dir)
	if err != nil {
		return Verdict{}, fmt.Errorf("%s: %w", dir, err)
	}
	v := Verdict{Where: fsys.Where(), Dir: real, Home: env.Home}
	rec := readRecord(ctx, fsys, env)
	v.Record, v.RecordErr = rec.path, rec.err
	if envSet(env.IgnorePersisted) {
		rec.projects, v.SessionOnly = nil, "CLAUDE_CODE_IGNORE_PERSISTED_TRUST makes Claude Code ignore its record"

	}
	userDir := path.Join(env.Home, ".claude")
	if env.ConfigDir != "" {
		userDir = env.ConfigDir
	}
	dirs := ancestors(real)
	paths := []string{path.Join(real, ".claude", "settings.json"), path.Join(real, localSettings), path.Join(userDir, "settings.json")}
	for _, sub := range claudeDirs {
		paths = append(paths, path.Join(real, ".claude", sub))
	}
	fixed := len(paths)
	for _, d := range dirs {
		paths = append(paths, path.Join(d, ".git"), path.Join(d, ".mcp.json"))
	}
	got, err := fsys.Probe(ctx, paths, maxSettings)
	if err != nil {
		return Verdict{}, err
	}
	var gits, mcps []Entry
	for i := fixed; i < len(got); i += 2 {
		gits = append(gits, got[i])
		if dirs[(i-fixed)/2] != "/" { // / is never searched for .mcp.json
			mcps = append(mcps, got[i+1])
		}
	}
	gitRoot := gitRootFrom(dirs, gits)
	v.Key = real
	if gitRoot != "" {
		v.Key = canonicalRoot(ctx, fsys, gitRoot)
	}
	if home, err := fsys.Resolve(ctx, env.Home); real == env.Home || (err == nil && real == home) {
		v.SessionOnly = "This is your home folder"

	}
	if envSet(env.Sandboxed) {
		v.Trusted = true
	} else if by := rec.trustedBy(real, v.Key, gitRoot); by != "" {
		v.Trusted, v.TrustedBy = true, by
	}
	rel := relativeTo(real)
	var appr approvals
	for _, e := range got[:2] {
		v.Facts.settingsFile(rel(e.Path), e, &appr)
	}
	if u := got[2]; u.Read() {
		appr.read(rel(u.Path), u.Data)
	}
	for i, sub := range claudeDirs {
		if got[3+i].Kind == Dir {
			v.Facts.add(FactClaudeDir, ".claude/"+sub, sub, "")
		}
	}
	v.Servers = readServers(mcps, rel, &v.Facts)
	appr.judge(v.Servers)
	v.Facts.servers(v.Servers)
	if opts.Worktree {
		v.Facts.worktreeSetup(ctx, fsys, v.Key, rel)
	}
	return v, nil
}

// claudeDirs are the folders of .claude whose skills, commands and agents load and can
// run commands once the folder is trusted.
var claudeDirs = []string{"skills", "commands", "agents"}

// relativeTo shows a path inside dir relative to it.
func relativeTo(dir string) func(string) string {
	return func(p string) string {
		if r, ok := strings.CutPrefix(p, strings.TrimSuffix(dir, "/")+"/"); ok {
			return r
		}
		return p
	}
}

// settingsFile adds a project settings file's facts and approvals, and names it among
// the files trusting loads.
func (f *Facts) settingsFile(source string, e Entry, appr *approvals) {
	if e.Kind == Absent {
		return
	}
	if !e.Read() {
		f.unreadable(source, e)
		f.Loads = append(f.Loads, source)
		return
	}
	before := len(f.Items)
	f.readSettings(source, e.Data)
	appr.read(source, e.Data)
	var does []string
	for _, it := range f.Items[before:] {
		switch {
		case (it.Kind == FactHook || it.Kind == FactCommand) && !contains(does, "runs commands"):
			does = append(does, "runs commands")
		case it.Kind == FactEnv && !contains(does, "sets environment variables"):
			does = append(does, "sets environment variables")
		}
	}
	if len(does) > 0 {
		source += " (" + strings.Join(does, ", ") + ")"
	}
	f.Loads = append(f.Loads, source)
}

// servers adds each server of .mcp.json, saying what happens to it once trusted.
func (f *Facts) servers(all []Server) {
	for _, s := range all {
		it := Fact{Kind: FactMCPServer, Source: s.Source, Name: s.Name, Value: s.Run}
		switch s.Status {
		case MCPApproved:
			it.Note = "starts without asking: approved in " + s.By
		case MCPDeclined:
			it.Note = "does not start: declined in " + s.By
		default:
			it.Note = "asked about next"
		}
		f.Items = append(f.Items, it)
	}
	if len(all) > 0 {
		f.Loads = append(f.Loads, ".mcp.json here or above (MCP servers)")
	}
}

// worktreeSetup adds gclaude's own setup command of the repository at root.
func (f *Facts) worktreeSetup(ctx context.Context, fsys FS, root string, rel func(string) string) {
	file := path.Join(root, ".gclaude", "workspace.json")
	got, err := fsys.Probe(ctx, []string{file}, maxSettings)
	if err != nil || got[0].Kind == Absent {
		return
	}
	if !got[0].Read() {
		f.unreadable(rel(file), got[0])
		return
	}
	var s struct {
		Setup json.RawMessage `json:"worktreeSetup"`
	}
	if err := json.Unmarshal(got[0].Data, &s); err != nil {
		f.add(FactUnreadable, rel(file), "", "not valid JSON: "+err.Error())
		return
	}
	if s.Setup != nil && text(s.Setup) != "" {
		f.add(FactWorktreeSetup, rel(file), "worktreeSetup", text(s.Setup))
	}
}
