package trust

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// remoteWorld is w's machine reached as a Remote: the scripts run with sh here, under
// HOME set to the world's home.
func (w *world) remote() Remote {
	return Remote{Host: "box", Run: homeRunner{w.home}}
}

type homeRunner struct{ home string }

func (h homeRunner) Run(ctx context.Context, dir string, argv ...string) ([]byte, error) {
	cmd := exec.CommandContext(ctx, argv[0], argv[1:]...)
	cmd.Dir, cmd.Env = dir, []string{"HOME=" + h.home, "PATH=" + os.Getenv("PATH")}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return out, errors.New(err.Error() + ": " + stderr.String())
	}
	return out, nil
}

// The remote machine's scripts see what Local sees: the same verdict, facts included.
func TestARemoteFolderIsJudgedAsALocalOne(t *testing.T) {
	w := newWorld(t)
	d := hostileProject(w)
	repo := w.repo("repo")
	wt := filepath.Join(repo, ".claude", "worktrees", "x")
	w.git(repo, "worktree", "add", "-q", "-b", "x", wt)
	w.trust(repo)
	for _, dir := range []string{d, wt, w.home, w.dir("plain")} {
		local := w.check(dir, Options{Worktree: true})
		remote, err := Check(t.Context(), w.remote(), dir, Options{Worktree: true})
		if err != nil {
			t.Fatal(err)
		}
		if remote.Where != "box" {
			t.Fatalf("remote verdict is from %q", remote.Where)
		}
		remote.Where = ""
		if !reflect.DeepEqual(local, remote) {
			t.Fatalf("%s:\n local %+v\nremote %+v", dir, local, remote)
		}
	}
}

// Answers are written there as they are here: the record under the CLI's lock, the
// servers' answers to the folder's local settings.
func TestARemoteRecordAndSettingsAreWritten(t *testing.T) {
	w := newWorld(t)
	d := hostileProject(w)
	big := strings.Repeat("é%\\'x-\x01", 9000)
	b, _ := json.Marshal(map[string]string{"keep": "me", "big": big})
	w.write(w.record(), string(b))
	r := w.remote()
	v, err := Check(t.Context(), r, d, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := Accept(t.Context(), r, v); err != nil {
		t.Fatal(err)
	}
	got := readJSON(t, w.record())
	if got["keep"] != "me" || got["big"] != big || !w.check(d, Options{}).Trusted {
		t.Fatalf("record after a remote Accept: keep=%v trusted=%v", got["keep"], w.check(d, Options{}).Trusted)
	}
	if _, err := os.Stat(w.record() + ".lock"); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("the remote lock was left behind: %v", err)
	}
	if err := Decide(t.Context(), r, d, Choice{Use: []string{"fresh"}, Decline: []string{"web", "above"}}); err != nil {
		t.Fatal(err)
	}
	if s := w.check(d, Options{}).NewServers(); len(s) != 0 {
		t.Fatalf("new servers after the remote answers: %+v", s)
	}
}

func TestARemoteLockThatIsHeldIsGivenUpOn(t *testing.T) {
	if testing.Short() {
		t.Skip("waits for the remote lock")
	}
	w := newWorld(t)
	p := filepath.Join(w.home, "f.json")
	w.mkdir(p + ".lock")
	if _, err := w.remote().Lock(t.Context(), p); !errors.Is(err, ErrLocked) {
		t.Fatalf("a held lock: %v, want ErrLocked", err)
	}
}

// Every byte survives the trip through printf.
func TestPrintfFormatCarriesEveryByte(t *testing.T) {
	var data []byte
	for i := range 256 {
		data = append(data, byte(i))
	}
	data = append([]byte("-n %s %% \\ ' \" $HOME `x`\n"), data...)
	out, err := exec.Command("sh", "-c", `printf "$1"`, "sh", printfFormat(data)).Output()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(out, data) {
		t.Fatalf("printf gave back\n%q\nwant\n%q", out, data)
	}
}
