package trust

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"strings"
)

// newProjectEntry is what CLI 2.1.332 writes for a folder it has no entry for (its
// default project config), with the dialog's answer in it.
var newProjectEntry = []struct {
	key string
	val string
}{
	{"allowedTools", "[]"}, {"mcpContextUris", "[]"}, {"mcpServers", "{}"},
	{"enabledMcpjsonServers", "[]"}, {"disabledMcpjsonServers", "[]"},
	{"hasTrustDialogAccepted", "true"},
	{"hasClaudeMdExternalIncludesApproved", "false"}, {"hasClaudeMdExternalIncludesWarningShown", "false"},
}

// ErrSessionOnly means the answer is not to be written: the folder is the home folder
// (Claude Code keeps its answer there for the session only) or the environment makes
// the CLI ignore its record.
var ErrSessionOnly = errors.New("this answer holds for this session only")

// Accept writes "the user trusts this folder" into Claude Code's record, under the
// entry the CLI reads for the folder (Verdict.Key), exactly as the CLI's own dialog
// does: under the CLI's lock, re-read at that moment, every other key of the file
// kept as it was. A record that could not be read is never written over.
func Accept(ctx context.Context, fsys FS, v Verdict) error {
	if v.SessionOnly != "" {
		return ErrSessionOnly
	}
	if v.RecordErr != nil {
		return v.RecordErr
	}
	unlock, err := fsys.Lock(ctx, v.Record)
	if err != nil {
		return fmt.Errorf("could not lock %s: %w", v.Record, err)
	}
	defer unlock()
	got, err := fsys.Probe(ctx, []string{v.Record}, maxRecord)
	if err != nil {
		return err
	}
	f := got[0]
	o, perm, newline := &object{}, fs.FileMode(0o600), false
	switch {
	case f.Kind == Absent:
	case f.Kind != File || !f.Read():
		return fmt.Errorf("%s could not be read (%v): it was left as it is", v.Record, f.Err)
	case strings.TrimSpace(string(f.Data)) != "":
		if o, err = parseObject(f.Data); err != nil {
			return fmt.Errorf("%s is not valid JSON (%v): it was left as it is", v.Record, err)
		}
		perm, newline = f.Mode, strings.HasSuffix(string(f.Data), "\n")
	default:
		perm = f.Mode
	}
	if err := setAccepted(o, v.Key); err != nil {
		return fmt.Errorf("%s: %w: it was left as it is", v.Record, err)
	}
	return fsys.Replace(ctx, v.Record, o.indented(newline), perm, true)
}

// setAccepted sets projects[key].hasTrustDialogAccepted to true in the record o.
func setAccepted(o *object, key string) error {
	projects, err := o.child("projects")
	if err != nil {
		return err
	}
	if projects == nil {
		projects = &object{}
	}
	entry, err := projects.child(key)
	if err != nil {
		return fmt.Errorf("projects[%q] is not an object", key)
	}
	if entry == nil {
		entry = &object{}
		for _, kv := range newProjectEntry {
			entry.set(kv.key, json.RawMessage(kv.val))
		}
	}
	entry.set("hasTrustDialogAccepted", jsonTrue)
	projects.set(key, entry.compact())
	o.set("projects", projects.compact())
	return nil
}

// Seed writes trust for dirs into the record under home, for sandboxes that are
// trusted by construction (the demo, the test rigs): each folder as given and as its
// symbolic links resolve, as Claude Code's own runner seeds a workspace's trust.
func Seed(home string, dirs ...string) error {
	ctx := context.Background()
	fsys := Local{Getenv: func(k string) string {
		if k == "HOME" {
			return home
		}
		return ""
	}}
	for _, d := range dirs {
		v, err := Check(ctx, fsys, d, Options{})
		if err != nil {
			return err
		}
		if v.Trusted {
			continue
		}
		v.SessionOnly = ""

		if err := Accept(ctx, fsys, v); err != nil {
			return err
		}
	}
	return nil
}
