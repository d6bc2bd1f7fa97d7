package trust

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"path"
	"strings"
)

// Where Claude Code keeps its record, as CLI 2.1.332 finds it (getGlobalClaudeFile):
// $CLAUDE_CONFIG_DIR/.claude.json, else ~/.claude.json, with "-custom-oauth" before
// ".json" when CLAUDE_CODE_CUSTOM_OAUTH_URL is set. An older layout wins when it is
// there: <config folder>/.config.json (the config folder is $CLAUDE_CONFIG_DIR, else
// ~/.claude) when it is a file with something in it, or an empty writable one while
// the new file is missing.
const maxRecord = 64 << 20 // a record bigger than this is refused, never read whole

func recordPaths(e Env) (primary, legacy string) {
	name := ".claude.json"
	if e.CustomOAuthURL != "" {
		name = ".claude-custom-oauth.json"
	}
	dir, cfg := e.Home, path.Join(e.Home, ".claude")
	if e.ConfigDir != "" {
		dir, cfg = e.ConfigDir, e.ConfigDir
	}
	return path.Join(dir, name), path.Join(cfg, ".config.json")
}

// chooseRecord picks the file the CLI reads, from what Probe found at both.
func chooseRecord(primary, legacy Entry) string {
	if legacy.Kind != File || (legacy.Size == 0 && legacy.Mode&0o222 == 0) {
		return primary.Path
	}
	if primary.Kind == Absent || legacy.Size > 0 {
		return legacy.Path
	}
	// An empty, writable old file only stands in for a missing new one.
	return primary.Path
}

// record is what the CLI's record says of every folder.
type record struct {
	path     string
	projects map[string]json.RawMessage // projects[dir], as written
	err      error                      // unreadable or not a record: nothing is trusted by it, and it is never written
}

// readRecord finds and reads the record.
func readRecord(ctx context.Context, fsys FS, e Env) record {
	primary, legacy := recordPaths(e)
	found, err := fsys.Probe(ctx, []string{primary, legacy}, maxRecord)
	if err != nil {
		return record{path: primary, err: err}
	}
	r := record{path: chooseRecord(found[0], found[1])}
	got := found[0]
	if r.path == legacy {
		got = found[1]
	}
	switch {
	case got.Kind == Absent:
		return r
	case got.Kind != File:
		r.err = fmt.Errorf("%s is not a file", r.path)
		return r
	case got.Err != nil:
		r.err = fmt.Errorf("%s could not be read: %w", r.path, got.Err)
		return r
	case got.Data == nil:
		r.err = fmt.Errorf("%s is larger than %d MiB: gclaude does not read it", r.path, maxRecord>>20)
		return r
	}
	r.projects, r.err = parseRecord(r.path, got.Data)
	return r
}

// parseRecord reads the projects of a record's text. A file the CLI itself could not
// read is an error: gclaude trusts nothing by it and never writes over it. (One
// Unmarshal: a heavy user's record holds megabytes, read before every claude starts.)
func parseRecord(name string, data []byte) (map[string]json.RawMessage, error) {
	if strings.TrimSpace(string(data)) == "" {
		return nil, nil // the CLI starts such a file afresh
	}
	var rec struct {
		Projects map[string]json.RawMessage `json:"projects"`
	}
	err := json.Unmarshal(data, &rec)
	var typeErr *json.UnmarshalTypeError
	switch {
	case errors.As(err, &typeErr) && typeErr.Field == "projects":
		return nil, fmt.Errorf("%s: \"projects\" is not an object: gclaude leaves it as it is", name)
	case err != nil:
		return nil, fmt.Errorf("%s is not valid JSON (%v): gclaude leaves it as it is", name, err)
	}
	return rec.Projects, nil
}

// accepted reports whether the record's entry for key says its trust dialog was
// accepted (any truthy value, as the CLI tests it).
func (r record) accepted(key string) bool {
	v, ok := r.projects[key]
	if !ok {
		return false
	}
	var entry map[string]json.RawMessage
	if json.Unmarshal(v, &entry) != nil {
		return false
	}
	return truthy(entry["hasTrustDialogAccepted"])
}

// trustedBy is the entry that trusts dir, with the CLI's rule (checkHasTrustDialogAccepted
// in 2.1.332): the project's own entry (key: the main checkout of its repository, or
// dir itself outside one); else dir or a folder above it, up to the root of the
// repository dir is in (a worktree's own root, not its main checkout's), or up to /
// outside a repository. "" when nothing does.
func (r record) trustedBy(dir, key, gitRoot string) string {
	if r.accepted(key) {
		return key
	}
	for d := path.Clean(dir); ; {
		if gitRoot != "" && d != gitRoot && !strings.HasPrefix(d, strings.TrimSuffix(gitRoot, "/")+"/") {
			return ""
		}
		if r.accepted(d) {
			return d
		}
		if d == gitRoot {
			return ""
		}
		up := path.Dir(d)
		if up == d {
			return ""
		}
		d = up
	}
}

// envSet reads a variable the CLI treats as a switch.
func envSet(v string) bool {
	switch strings.ToLower(strings.TrimSpace(v)) {
	case "", "0", "false", "no", "off":
		return false
	}
	return true
}
