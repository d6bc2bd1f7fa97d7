package review

// Reviewing a remote session: the scenarios of this package's tests again, with git
// run on a host (internal/sshrig's OpenSSH server) through the session's runner,
// process.SSHHost.Runner.

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"sync/atomic"
	"testing"

	"github.com/gclaude/gclaude/internal/gitrun"
	"github.com/gclaude/gclaude/internal/sshrig"
	"github.com/gclaude/gclaude/process"
)

// countingRunner counts the commands it passes on.
type countingRunner struct {
	gitrun.Runner
	n *atomic.Int64
}

func (c countingRunner) Run(ctx context.Context, cmd gitrun.Command) ([]byte, error) {
	c.n.Add(1)
	return c.Runner.Run(ctx, cmd)
}

// hostRunner is the runner of a session on an sshrig host.
func hostRunner(t *testing.T) gitrun.Runner {
	t.Helper()
	if testing.Short() {
		t.Skip("end-to-end: runs git over ssh")
	}
	r := sshrig.New(t, sshrig.Options{})
	host, err := process.NewSSHHost(r.Host, process.SSHSettings{Config: r.ConfigFile, ControlDir: r.ControlDir})
	if err != nil {
		t.Fatal(err)
	}
	return host.Runner()
}

// Every review and revert comes out over ssh as it does here, each scenario's
// commands all going to the host.
func TestE2EReviewOverSSH(t *testing.T) {
	var n atomic.Int64
	local = countingRunner{hostRunner(t), &n}
	t.Cleanup(func() { local = gitrun.Local{} })
	for _, tc := range []struct {
		name string
		test func(*testing.T)
	}{
		{"LoadWorktreeAgainstItsBase", TestLoadWorktreeAgainstItsBase},
		{"LoadPlainFolders", TestLoadPlainFolders},
		{"LoadOddPaths", TestLoadOddPaths},
		{"RevertOneHunkAmongSeveral", TestRevertOneHunkAmongSeveral},
		{"RevertRefusesAFileChangedSinceTheDiff", TestRevertRefusesAFileChangedSinceTheDiff},
		{"RevertHunkThatNoLongerApplies", TestRevertHunkThatNoLongerApplies},
		{"RevertWholeFiles", TestRevertWholeFiles},
		{"RevertHunkInOddlyNamedFiles", TestRevertHunkInOddlyNamedFiles},
		{"RevertLinksAndWhitespace", TestRevertLinksAndWhitespace},
	} {
		t.Run(tc.name, func(t *testing.T) {
			before := n.Load()
			tc.test(t)
			if !t.Failed() && n.Load() == before {
				t.Fatal("nothing ran on the host")
			}
		})
	}
}

// A repository in a folder whose name a shell would misread (a leading "-", quotes,
// a newline, $ and backquotes) reviews the same over ssh as here, and a hunk is
// reverted there.
func TestE2EReviewOverSSHInAHostileFolder(t *testing.T) {
	remote := hostRunner(t)
	parent, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(parent, "-it's a\nrepo $HOME `id`")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	git(t, dir, "init", "-q", "-b", "main")
	write(t, dir, "a.txt", numbered(30, nil))
	git(t, dir, "add", "-A")
	git(t, dir, "commit", "-q", "-m", "base")
	write(t, dir, "a.txt", numbered(30, map[int]string{2: "first", 25: "second"}))
	write(t, dir, "sub dir/new.txt", "new\n")

	ctx := context.Background()
	here, err := Load(ctx, gitrun.Local{}, Target{Dir: filepath.Join(dir, "sub dir")})
	if err != nil {
		t.Fatal(err)
	}
	there, err := Load(ctx, remote, Target{Dir: filepath.Join(dir, "sub dir")})
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(here, there) || there.Root != dir || len(there.Files) != 2 {
		t.Fatalf("over ssh the review is\n%+v\nhere\n%+v", there, here)
	}
	if err := RevertHunk(ctx, remote, &there, file(t, &there, "a.txt"), 1); err != nil {
		t.Fatal(err)
	}
	if got := read(t, dir, "a.txt"); got != numbered(30, map[int]string{2: "first"}) {
		t.Fatalf("after the revert a.txt is\n%s", got)
	}
}
