package land

// Landing a remote session: the scenarios of this package's tests again, with git
// and gh run on a host (internal/sshrig's OpenSSH server) through the session's
// runner, process.SSHHost.Runner.

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"sync/atomic"
	"testing"

	"github.com/gclaude/gclaude/internal/gitrun"
	"github.com/gclaude/gclaude/internal/sshrig"
	"github.com/gclaude/gclaude/internal/worktree"
	"github.com/gclaude/gclaude/process"
)

// hostBin is, over ssh, the folder first on the host's PATH: fakeGH puts gh there too.
var hostBin string

// countingRunner counts the commands it passes on.
type countingRunner struct {
	gitrun.Runner
	n *atomic.Int64
}

func (c countingRunner) Run(ctx context.Context, cmd gitrun.Command) ([]byte, error) {
	c.n.Add(1)
	return c.Runner.Run(ctx, cmd)
}

// hostRunner is the runner of a session on an sshrig host whose git has the tests'
// identity (isolate's configuration, which the host's login does not inherit).
func hostRunner(t *testing.T) (*sshrig.Rig, gitrun.Runner) {
	t.Helper()
	if testing.Short() {
		t.Skip("end-to-end: runs git over ssh")
	}
	r := sshrig.New(t, sshrig.Options{})
	cfg := "[user]\n\tname = Test\n\temail = test@example.com\n[commit]\n\tgpgsign = false\n[init]\n\tdefaultBranch = main\n"
	if err := os.WriteFile(filepath.Join(r.Home, ".gitconfig"), []byte(cfg), 0o600); err != nil {
		t.Fatal(err)
	}
	host, err := process.NewSSHHost(r.Host, process.SSHSettings{Config: r.ConfigFile, ControlDir: r.ControlDir})
	if err != nil {
		t.Fatal(err)
	}
	return r, host.Runner()
}

// Every plan, refusal, landing and pull request comes out over ssh as it does here,
// each scenario's commands all going to the host.
func TestE2ELandOverSSH(t *testing.T) {
	r, remote := hostRunner(t)
	var n atomic.Int64
	local, hostBin = countingRunner{remote, &n}, r.Bin()
	t.Cleanup(func() { local, hostBin = gitrun.Local{}, "" })
	for _, tc := range []struct {
		name string
		test func(*testing.T)
	}{
		{"LandFastForward", TestLandFastForward},
		{"LandMergeCommit", TestLandMergeCommit},
		{"PlanRefusesDirtyMainCheckout", TestPlanRefusesDirtyMainCheckout},
		{"PlanRefusesConflict", TestPlanRefusesConflict},
		{"PlanRefusals", TestPlanRefusals},
		{"BaseBranchFallsBackToTheMainCheckout", TestBaseBranchFallsBackToTheMainCheckout},
		{"LandRefusesAStalePlan", TestLandRefusesAStalePlan},
		{"LandUndoesEverythingWhenTheMergeFails", TestLandUndoesEverythingWhenTheMergeFails},
		{"LandStopsWhenTheCommitFails", TestLandStopsWhenTheCommitFails},
		{"OpenPR", TestOpenPR},
		{"PlanPRRefusals", TestPlanPRRefusals},
		{"OpenPRFailures", TestOpenPRFailures},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.name == "PlanPRRefusals" && hostHasGH() {
				t.Skip("the host's PATH has a gh of its own: the case without gh cannot be made")
			}
			before := n.Load()
			tc.test(t)
			if !t.Failed() && n.Load() == before {
				t.Fatal("nothing ran on the host")
			}
		})
	}
}

// hostHasGH reports whether the system folders on the rig's remote PATH hold a gh.
func hostHasGH() bool {
	for _, dir := range []string{"/usr/local/bin", "/usr/bin", "/bin"} {
		if fileExists(filepath.Join(dir, "gh")) {
			return true
		}
	}
	return false
}

// A repository in a folder whose name a shell would misread (a leading "-", quotes,
// $ and backquotes) plans the same over ssh as here, and lands there. (Not a newline:
// probeCommit reads git's paths a line each, here as over ssh.)
func TestE2ELandOverSSHInAHostileFolder(t *testing.T) {
	_, remote := hostRunner(t)
	isolate(t)
	parent, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	root := filepath.Join(parent, "-it's a repo; $HOME `id` \"x\"")
	if err := os.Mkdir(root, 0o755); err != nil {
		t.Fatal(err)
	}
	git(t, root, "init", "-q", "-b", "main")
	write(t, root, "a.txt", "a1\na2\na3\n")
	git(t, root, "add", "-A")
	git(t, root, "commit", "-q", "-m", "base")
	wt, err := worktree.Create(context.Background(), root, "job")
	if err != nil {
		t.Fatal(err)
	}
	write(t, wt.Path, "a.txt", "a1\nsession\na3\n")
	write(t, wt.Path, "new file.txt", "new\n")

	ctx := context.Background()
	here, err := PlanMerge(ctx, gitrun.Local{}, wt, []string{"edit a"})
	if err != nil {
		t.Fatal(err)
	}
	there, err := PlanMerge(ctx, remote, wt, []string{"edit a"})
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(here, there) {
		t.Fatalf("over ssh the plan is\n%+v\nhere\n%+v", there, here)
	}
	if _, err := Land(ctx, remote, there, there.Message); err != nil {
		t.Fatal(err)
	}
	if read(t, root, "a.txt") != "a1\nsession\na3\n" || read(t, root, "new file.txt") != "new\n" {
		t.Fatal("not landed in the main checkout")
	}
}
