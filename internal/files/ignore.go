package files

import (
	"path"
	"strings"
)

// ignoreRule is one line of a .gitignore, in the simple forms the walk supports:
// "name", "*.log", "dir/", "/anchored", "a/b/c", "**/name", "dir/**" and "!negated".
// Character classes and "*" work as in path.Match.
type ignoreRule struct {
	pattern  string
	anchored bool // matched against the whole relative path, not the base name
	dirOnly  bool
	negate   bool
}

// parseIgnore reads the rules of a .gitignore file.
func parseIgnore(data string) []ignoreRule {
	var rules []ignoreRule
	for _, line := range strings.Split(data, "\n") {
		line = strings.TrimRight(line, " \t\r")
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		var r ignoreRule
		if strings.HasPrefix(line, "!") {
			r.negate, line = true, line[1:]
		}
		line = strings.TrimPrefix(line, `\`) // "\#file", "\!file"
		if strings.HasSuffix(line, "/**") {
			line, r.dirOnly = strings.TrimSuffix(line, "/**"), true
		}
		if strings.HasSuffix(line, "/") {
			line, r.dirOnly = strings.TrimSuffix(line, "/"), true
		}
		line = strings.TrimPrefix(line, "**/")
		if strings.HasPrefix(line, "/") {
			line, r.anchored = line[1:], true
		}
		if strings.Contains(line, "/") {
			r.anchored = true
		}
		if line == "" {
			continue
		}
		r.pattern = line
		rules = append(rules, r)
	}
	return rules
}

// ignored reports whether the slash-separated path rel (relative to the root) is
// ignored: the last rule that matches decides.
func ignored(rules []ignoreRule, rel string, isDir bool) bool {
	out := false
	for _, r := range rules {
		if r.dirOnly && !isDir {
			continue
		}
		subject := rel
		if !r.anchored {
			subject = path.Base(rel)
		}
		if ok, _ := path.Match(r.pattern, subject); ok {
			out = !r.negate
		}
	}
	return out
}
