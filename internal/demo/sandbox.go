package demo

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/gclaude/gclaude/fakeapi"
	"github.com/gclaude/gclaude/internal/trust"
)

// sandbox is the demo's throwaway world under one temporary directory: an empty HOME,
// a TMPDIR, and the sample project the tour works in.
type sandbox struct {
	base    string
	home    string
	tmp     string
	project string
}

// newSandbox creates the directories and writes the sample project. The base directory
// has a short path on purpose: the CLI puts a Unix socket under TMPDIR.
func newSandbox() (*sandbox, error) {
	base, err := os.MkdirTemp("", "gclaude-demo-")
	if err != nil {
		return nil, fmt.Errorf("demo: %w", err)
	}
	sb := &sandbox{
		base:    base,
		home:    filepath.Join(base, "home"),
		tmp:     filepath.Join(base, "tmp"),
		project: filepath.Join(base, "hello"),
	}
	if err := sb.populate(); err != nil {
		_ = sb.remove()
		return nil, fmt.Errorf("demo: %w", err)
	}
	return sb, nil
}

func (sb *sandbox) populate() error {
	for _, d := range []string{sb.home, sb.tmp, sb.project} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			return err
		}
	}
	// The sample project is the tour's own: trusted by construction, in the record of
	// the sandbox's HOME, so gclaude does not ask about it.
	if err := trust.Seed(sb.home, sb.project); err != nil {
		return err
	}
	for name, content := range fakeapi.DemoProject() {
		p := filepath.Join(sb.project, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		mode := os.FileMode(0o644)
		if strings.HasSuffix(name, ".sh") {
			mode = 0o755
		}
		if err := os.WriteFile(p, []byte(content), mode); err != nil {
			return err
		}
	}
	return nil
}

// edited reports whether the tour's edit is in the sample file now.
func (sb *sandbox) edited() bool {
	b, err := os.ReadFile(filepath.Join(sb.project, fakeapi.DemoEditFile))
	return err == nil && strings.Contains(string(b), fakeapi.DemoEditNew)
}

// remove deletes everything, including what the CLI wrote under HOME and TMPDIR.
func (sb *sandbox) remove() error {
	// The CLI may leave read-only directories behind; make them writable first.
	_ = filepath.WalkDir(sb.base, func(p string, d os.DirEntry, err error) error {
		if err == nil && d.IsDir() {
			_ = os.Chmod(p, 0o755)
		}
		return nil
	})
	return os.RemoveAll(sb.base)
}
