package trust

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"strconv"
	"strings"
)

// Runner runs one command on another machine and returns its stdout
// (process.SSHHost, over the host's one ssh connection).
type Runner interface {
	Run(ctx context.Context, dir string, argv ...string) ([]byte, error)
}

// Remote is another machine: its folders are checked, and its own Claude Code record
// read and written, with small POSIX sh scripts over the host's connection.
type Remote struct {
	Host string // as the user named it, for messages
	Run  Runner
}

func (r Remote) sh(ctx context.Context, script string, args ...string) ([]byte, error) {
	return r.Run.Run(ctx, "", append([]string{"sh", "-c", script, "sh"}, args...)...)
}

// Env reads the variables of the login claude runs in there.
func (r Remote) Env(ctx context.Context) (Env, error) {
	var script strings.Builder
	script.WriteString(`printf '%s\0'`)
	for _, n := range envNames {
		script.WriteString(` "${` + n + `-}"`)
	}
	out, err := r.sh(ctx, script.String())
	if err != nil {
		return Env{}, err
	}
	vals := strings.Split(string(out), "\x00")
	if len(vals) < len(envNames) {
		return Env{}, fmt.Errorf("on %s: the environment could not be read", r.Host)
	}
	e := envFrom(func(k string) string {
		for i, n := range envNames {
			if n == k {
				return vals[i]
			}
		}
		return ""
	})
	if e.Home == "" {
		return e, fmt.Errorf("on %s: HOME is not set", r.Host)
	}
	return e, nil
}

// Resolve is dir with its symbolic links resolved there.
func (r Remote) Resolve(ctx context.Context, dir string) (string, error) {
	out, err := r.sh(ctx, `cd -- "$1" && pwd -P`, dir)
	if err != nil {
		return "", err
	}
	return strings.TrimSuffix(string(out), "\n"), nil
}

// probeScript reports each path on its own header line "<nonce> kind link readable
// size", then the file's content when asked for, then "\n<nonce> end".
const probeScript = `n=$1 m=$2; shift 2
for p do
  l=0; [ -L "$p" ] && l=1
  if [ -d "$p" ]; then k=d; elif [ -f "$p" ]; then k=f; elif [ -e "$p" ] || [ "$l" = 1 ]; then k=o; else k=a; fi
  r=1; [ -r "$p" ] || r=0
  s=0; [ "$k" = f ] && s=$(wc -c < "$p" 2>/dev/null | tr -d ' ')
  printf '%s %s %s %s %s\n' "$n" "$k" "$l" "$r" "${s:-0}"
  if [ "$k" = f ] && [ "$r" = 1 ] && [ "${s:-0}" -le "$m" ]; then cat -- "$p" 2>/dev/null; fi
  printf '\n%s end\n' "$n"
done`

// Probe looks at every path in one command.
func (r Remote) Probe(ctx context.Context, paths []string, maxRead int64) ([]Entry, error) {
	nonce := newNonce()
	out, err := r.sh(ctx, probeScript, append([]string{nonce, strconv.FormatInt(maxRead, 10)}, paths...)...)
	if err != nil {
		return nil, err
	}
	entries := make([]Entry, 0, len(paths))
	rest := out
	for _, p := range paths {
		e, more, err := parseProbe(rest, nonce, p, maxRead)
		if err != nil {
			return nil, fmt.Errorf("on %s: %w", r.Host, err)
		}
		entries, rest = append(entries, e), more
	}
	return entries, nil
}

// parseProbe reads one path's report off out.
func parseProbe(out []byte, nonce, p string, maxRead int64) (Entry, []byte, error) {
	bad := errors.New("the report on " + p + " could not be read")
	head, body, ok := bytes.Cut(out, []byte("\n"))
	f := strings.Fields(string(head))
	if !ok || len(f) != 5 || f[0] != nonce {
		return Entry{}, nil, bad
	}
	end := []byte("\n" + nonce + " end\n")
	i := bytes.Index(body, end)
	if i < 0 {
		return Entry{}, nil, bad
	}
	e := Entry{Path: p, Link: f[2] == "1", Mode: 0o600}
	e.Size, _ = strconv.ParseInt(f[4], 10, 64)
	switch f[1] {
	case "d":
		e.Kind = Dir
	case "f":
		e.Kind = File
	case "o":
		e.Kind = Other
	}
	if e.Kind == File {
		switch {
		case f[3] != "1":
			e.Err = fs.ErrPermission
		case e.Size <= maxRead:
			e.Data = append([]byte{}, body[:i]...)
		}
	}
	return e, body[i+len(end):], nil
}

func newNonce() string {
	b := make([]byte, 12)
	_, _ = rand.Read(b)
	return "gclaude-" + hex.EncodeToString(b)
}

// lockScript is lockLocal's rule in sh: a folder untouched for a minute is stale
// (find's -mmin counts whole minutes; the CLI's own holders touch theirs every 5 s).
const lockScript = `i=0
while ! mkdir -- "$1" 2>/dev/null; do
  [ -d "$1" ] || exit 1
  [ -n "$(find "$1" -prune -mmin +1 2>/dev/null)" ] && rmdir -- "$1" 2>/dev/null && continue
  i=$((i+1)); [ "$i" -ge 50 ] && { printf locked; exit 0; }
  sleep 0.1 2>/dev/null || sleep 1
done`

// Lock takes the CLI's lock folder for path there.
func (r Remote) Lock(ctx context.Context, path string) (func(), error) {
	dir := path + ".lock"
	out, err := r.sh(ctx, lockScript, dir)
	switch {
	case err != nil:
		return nil, err
	case string(out) == "locked":
		return nil, fmt.Errorf("%s on %s: %w (%s)", path, r.Host, ErrLocked, dir)
	}
	return func() { _, _ = r.sh(context.WithoutCancel(ctx), `rmdir -- "$1"`, dir) }, nil
}

// chunk is how much of a file one command carries (as printf's format, up to 4 times
// as long): far below any system's limit on a command line.
const chunk = 16 << 10

// Replace writes data to a temporary file beside path, a chunk per command, then
// renames it over path.
func (r Remote) Replace(ctx context.Context, path string, data []byte, perm fs.FileMode, follow bool) error {
	target := path
	if follow {
		out, err := r.sh(ctx, `if [ -L "$1" ]; then readlink -f -- "$1" 2>/dev/null || realpath -- "$1"; else printf '%s\n' "$1"; fi`, path)
		if err != nil {
			return err
		}
		target = strings.TrimSuffix(string(out), "\n")
	} else if _, err := r.sh(ctx, `[ ! -L "$1" ]`, path); err != nil {
		return fmt.Errorf("%s on %s is a symbolic link: gclaude does not write through it", path, r.Host)
	}
	tmp := target + "." + newNonce() + ".tmp"
	if _, err := r.sh(ctx, `mkdir -p -- "$(dirname -- "$1")" && umask 077 && : > "$1"`, tmp); err != nil {
		return err
	}
	for len(data) > 0 {
		n := min(chunk, len(data))
		if _, err := r.sh(ctx, `printf "$2" >> "$1"`, tmp, printfFormat(data[:n])); err != nil {
			_, _ = r.sh(context.WithoutCancel(ctx), `rm -f -- "$1"`, tmp)
			return err
		}
		data = data[n:]
	}
	mode := strconv.FormatUint(uint64(perm.Perm()), 8)
	if _, err := r.sh(ctx, `chmod "$3" "$1" && mv -f -- "$1" "$2"`, tmp, target, mode); err != nil {
		_, _ = r.sh(context.WithoutCancel(ctx), `rm -f -- "$1"`, tmp)
		return err
	}
	return nil
}

// printfFormat is data as a printf(1) format that prints it exactly: % and \ doubled,
// anything but printable ASCII as an octal escape (POSIX printf has \ddd).
func printfFormat(data []byte) string {
	var b strings.Builder
	for i, c := range data {
		switch {
		case c == '%':
			b.WriteString("%%")
		case c == '\\':
			b.WriteString(`\\`)
		case c == '-' && i == 0: // never an option
			b.WriteString(`\055`)
		case c >= 0x20 && c < 0x7f:
			b.WriteByte(c)
		default:
			fmt.Fprintf(&b, `\%03o`, c)
		}
	}
	return b.String()
}

// Where is the host.
func (r Remote) Where() string { return r.Host }
