package review

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"unicode"

	"github.com/gclaude/gclaude/protocol"
)

// ToolUse is one of the session's tool calls as its transcript holds it: the turn
// (the user prompt it answered, from 1), the tool and its input.
type ToolUse struct {
	Turn  int
	Name  string
	Input json.RawMessage
}

// Change is one change a tool call made to a file: an Edit's (or one edit of a
// MultiEdit's) old and new text, or a Write's whole content as New.
type Change struct {
	Turn int
	Tool string
	Path string // as the tool named it (absolute, usually)
	Old  string
	New  string
}

// ChangesOf picks the file changes out of tool calls, in order: Edit, MultiEdit and
// Write; any other tool, or an input that does not decode, adds nothing.
func ChangesOf(uses []ToolUse) []Change {
	var out []Change
	for _, u := range uses {
		in, err := protocol.DecodeToolInput(u.Name, u.Input)
		if err != nil {
			continue
		}
		switch in := in.(type) {
		case *protocol.EditInput:
			out = append(out, Change{Turn: u.Turn, Tool: u.Name, Path: in.FilePath, Old: in.OldString, New: in.NewString})
		case *protocol.MultiEditInput:
			for _, e := range in.Edits {
				out = append(out, Change{Turn: u.Turn, Tool: u.Name, Path: in.FilePath, Old: e.OldString, New: e.NewString})
			}
		case *protocol.WriteInput:
			out = append(out, Change{Turn: u.Turn, Tool: u.Name, Path: in.FilePath, New: in.Content})
		}
	}
	return out
}

// Origin is the tool call that made a hunk.
type Origin struct {
	Turn int
	Tool string
	Path string // relative to the repository's root
}

// String is "turn 3 · Edit src/a.go".
func (o Origin) String() string { return fmt.Sprintf("turn %d · %s %s", o.Turn, o.Tool, o.Path) }

// HunkRef names a hunk of a Diff: Diff.Files[File].Hunks[Hunk].
type HunkRef struct{ File, Hunk int }

// Origins says which change made each hunk, where it can tell: the change to the same
// file whose new text holds most of the hunk's added lines and whose old text holds
// most of its removed ones (the latest of equals, since it wrote last). A hunk whose
// distinctive lines no change accounts for at least half of has no origin: the user,
// a shell command or a formatter made it.
func Origins(d *Diff, changes []Change) map[HunkRef]Origin {
	out := map[HunkRef]Origin{}
	for fi := range d.Files {
		f := &d.Files[fi]
		var mine []Change
		for _, c := range changes {
			if samePath(d.Root, c.Path, f.Path()) {
				mine = append(mine, c)
			}
		}
		if len(mine) == 0 {
			continue
		}
		sets := make([]changeLines, len(mine))
		for i, c := range mine {
			sets[i] = changeLines{old: lineSet(c.Old), new: lineSet(c.New)}
		}
		for hi := range f.Hunks {
			if i, ok := bestChange(&f.Hunks[hi], sets); ok {
				out[HunkRef{fi, hi}] = Origin{Turn: mine[i].Turn, Tool: mine[i].Tool, Path: f.Path()}
			}
		}
	}
	return out
}

type changeLines struct{ old, new map[string]bool }

// bestChange is the index of the change that accounts for most of h, latest first
// among equals.
func bestChange(h *Hunk, sets []changeLines) (int, bool) {
	added, removed := distinctive(h, '+'), distinctive(h, '-')
	total := len(added) + len(removed)
	if total == 0 {
		return 0, false
	}
	best, bestScore := -1, 0
	for i, s := range sets {
		score := 0
		for _, l := range added {
			if s.new[l] {
				score++
			}
		}
		for _, l := range removed {
			if s.old[l] && !s.new[l] {
				score++
			}
		}
		if score > 0 && score >= bestScore {
			best, bestScore = i, score
		}
	}
	if best < 0 || 2*bestScore < total {
		return 0, false
	}
	return best, true
}

// distinctive are h's lines of one kind worth matching: not blank, and holding a letter
// or a digit (a lone "}" could come from anywhere); all of them when none is.
func distinctive(h *Hunk, kind byte) []string {
	var all, some []string
	for _, l := range h.Lines {
		if l == "" || l[0] != kind {
			continue
		}
		t := strings.TrimRight(l[1:], " \t\r")
		all = append(all, t)
		if len(strings.TrimSpace(t)) >= 3 && strings.IndexFunc(t, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }) >= 0 {
			some = append(some, t)
		}
	}
	if len(some) == 0 {
		return all
	}
	return some
}

func lineSet(s string) map[string]bool {
	set := map[string]bool{}
	for _, l := range strings.Split(s, "\n") {
		set[strings.TrimRight(l, " \t\r")] = true
	}
	return set
}

// samePath reports whether a tool's path names the file rel of the repository at root:
// the same absolute path, the same relative one, or (where root is reached through a
// symbolic link) a path ending in it.
func samePath(root, toolPath, rel string) bool {
	if toolPath == "" || rel == "" {
		return false
	}
	p := filepath.Clean(toolPath)
	if !filepath.IsAbs(p) {
		return filepath.ToSlash(p) == rel
	}
	return p == filepath.Join(root, filepath.FromSlash(rel)) || strings.HasSuffix(filepath.ToSlash(p), "/"+rel)
}
