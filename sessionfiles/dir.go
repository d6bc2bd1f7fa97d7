package sessionfiles

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"unicode/utf16"
)

// maxKeyLen is where the CLI cuts a long project key and appends a hash instead.
const maxKeyLen = 200

// Dir is the folder where the CLI keeps the sessions of the project in cwd:
// <home>/.claude/projects/<ProjectKey(cwd)>. Symbolic links in cwd are resolved
// first, as the CLI works in the real path. For a key the CLI had to cut short,
// an existing folder with the same 200-character prefix is returned when the exact
// one does not exist: other CLI builds hashed long paths differently.
func Dir(home, cwd string) string {
	if real, err := filepath.EvalSymlinks(cwd); err == nil {
		cwd = real
	}
	projects := filepath.Join(home, ".claude", "projects")
	key := ProjectKey(cwd)
	exact := filepath.Join(projects, key)
	if len(key) <= maxKeyLen {
		return exact
	}
	if _, err := os.Stat(exact); err == nil {
		return exact
	}
	prefix := key[:maxKeyLen+1] // includes the "-" before the hash
	entries, _ := os.ReadDir(projects)
	for _, e := range entries {
		if e.IsDir() && strings.HasPrefix(e.Name(), prefix) {
			return filepath.Join(projects, e.Name())
		}
	}
	return exact
}

// ProjectKey is the CLI's folder name for a project path (CLI 2.1.328, function
// `rL`): every UTF-16 code unit that is not an ASCII letter or digit becomes "-";
// a result longer than 200 units is cut to 200 and followed by "-" and the base-36
// absolute value of the path's 32-bit Java-style string hash.
func ProjectKey(path string) string {
	units := utf16.Encode([]rune(path))
	var b strings.Builder
	b.Grow(len(units))
	for _, u := range units {
		if u < 0x80 && isAlnum(byte(u)) {
			b.WriteByte(byte(u))
		} else {
			b.WriteByte('-')
		}
	}
	key := b.String()
	if len(key) <= maxKeyLen {
		return key
	}
	return key[:maxKeyLen] + "-" + hashKey(units)
}

func isAlnum(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
}

// hashKey is JavaScript's `(h << 5) - h + charCode | 0` over UTF-16 code units,
// then Math.abs(h).toString(36).
func hashKey(units []uint16) string {
	var h int32
	for _, u := range units {
		h = h*31 + int32(u)
	}
	abs := int64(h)
	if abs < 0 {
		abs = -abs
	}
	return strconv.FormatInt(abs, 36)
}
