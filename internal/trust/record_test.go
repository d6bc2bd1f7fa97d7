package trust

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestNothingIsTrustedWithoutARecord(t *testing.T) {
	w := newWorld(t)
	v := w.check(w.dir("app"), Options{})
	if v.Trusted || v.RecordErr != nil || v.Key != filepath.Join(w.root, "app") || v.Record != w.record() {
		t.Fatalf("verdict %+v: want untrusted, keyed by the folder, record %s", v, w.record())
	}
}

// Outside a repository, a trusted folder trusts everything below it, to /.
func TestAParentFolderTrustsTheFoldersBelowIt(t *testing.T) {
	w := newWorld(t)
	deep := w.dir("a/b/c")
	w.trust(filepath.Join(w.root, "a"))
	v := w.check(deep, Options{})
	if !v.Trusted || v.TrustedBy != filepath.Join(w.root, "a") || v.Key != deep {
		t.Fatalf("verdict %+v: want trusted by %s/a, keyed by %s", v, w.root, deep)
	}
	if v := w.check(w.dir("z"), Options{}); v.Trusted {
		t.Fatalf("a sibling of the trusted folder is trusted: %+v", v)
	}
}

// Inside a repository the walk up stops at its root: a trusted folder above the
// repository does not trust it (Claude Code then asks about the repository).
func TestTheWalkUpStopsAtTheRepositoryRoot(t *testing.T) {
	w := newWorld(t)
	repo := w.repo("outer/repo")
	sub := w.dir("outer/repo/pkg")
	w.trust(filepath.Join(w.root, "outer"))
	if v := w.check(sub, Options{}); v.Trusted || v.Key != repo {
		t.Fatalf("verdict %+v: want untrusted (the trusted folder is above the repository), keyed by %s", v, repo)
	}
	w.trust(repo)
	if v := w.check(sub, Options{}); !v.Trusted || v.TrustedBy != repo {
		t.Fatalf("verdict %+v: want trusted by the repository's root", v)
	}
	w.trust(sub)
	if v := w.check(sub, Options{}); !v.Trusted || v.TrustedBy != sub {
		t.Fatalf("verdict %+v: a folder inside the repository trusted itself is trusted", v)
	}
}

// A linked worktree is recorded under its main checkout: trusting the repository
// trusts every worktree of it, and a Yes in a worktree is written for the repository.
func TestAWorktreeSharesItsMainCheckoutsTrust(t *testing.T) {
	w := newWorld(t)
	repo := w.repo("repo")
	wt := filepath.Join(w.root, "repo", ".claude", "worktrees", "feat")
	w.git(repo, "worktree", "add", "-q", "-b", "feat", wt)
	v := w.check(wt, Options{})
	if v.Trusted || v.Key != repo {
		t.Fatalf("verdict %+v: want untrusted, keyed by the main checkout %s", v, repo)
	}
	w.trust(repo)
	if v := w.check(wt, Options{}); !v.Trusted || v.TrustedBy != repo {
		t.Fatalf("verdict %+v: want trusted by the main checkout", v)
	}
}

// A .git file that does not lead back to this checkout is not a worktree of another
// repository: the folder is its own root.
func TestAForgedGitFileDoesNotBorrowAnotherRepositorysTrust(t *testing.T) {
	w := newWorld(t)
	repo := w.repo("trusted")
	w.trust(repo)
	evil := w.dir("evil")
	admin := filepath.Join(repo, ".git", "worktrees", "evil")
	w.write(filepath.Join(admin, "commondir"), "../..\n")
	w.write(filepath.Join(admin, "gitdir"), filepath.Join(w.root, "elsewhere", ".git")+"\n")
	w.write(filepath.Join(evil, ".git"), "gitdir: "+admin+"\n")
	if v := w.check(evil, Options{}); v.Trusted || v.Key != evil {
		t.Fatalf("verdict %+v: a .git file naming another repository's worktree must not make it trusted", v)
	}
}

// The folder is judged as claude sees it: symbolic links resolved.
func TestAFolderIsJudgedWithItsLinksResolved(t *testing.T) {
	w := newWorld(t)
	real := w.dir("real")
	link := filepath.Join(w.root, "link")
	if err := os.Symlink(real, link); err != nil {
		t.Fatal(err)
	}
	w.trust(real)
	if v := w.check(link, Options{}); !v.Trusted || v.Dir != real {
		t.Fatalf("verdict %+v: want the link's target, trusted", v)
	}
}

func TestTrustedIsAnyTruthyValue(t *testing.T) {
	for _, c := range []struct {
		val  string
		want bool
	}{{"true", true}, {"1", true}, {`"yes"`, true}, {"{}", true}, {"false", false}, {"0", false}, {`""`, false}, {"null", false}} {
		w := newWorld(t)
		d := w.dir("app")
		w.write(w.record(), `{"projects":{"`+d+`":{"hasTrustDialogAccepted":`+c.val+`}}}`)
		if got := w.check(d, Options{}).Trusted; got != c.want {
			t.Errorf("hasTrustDialogAccepted %s: trusted %v, want %v", c.val, got, c.want)
		}
	}
}

func TestTheHomeFolderIsAskedForThisSessionOnly(t *testing.T) {
	w := newWorld(t)
	if v := w.check(w.home, Options{}); v.SessionOnly == "" || v.Trusted {
		t.Fatalf("verdict %+v: the home folder is asked about for the session only", v)
	}
	if v := w.check(w.dir("app"), Options{}); v.SessionOnly != "" {
		t.Fatalf("verdict %+v: another folder's answer is written", v)
	}
}

func TestTheEnvironmentCanTrustOrIgnoreTheRecord(t *testing.T) {
	w := newWorld(t)
	d := w.dir("app")
	w.trust(d)
	env := map[string]string{"HOME": w.home, "CLAUDE_CODE_IGNORE_PERSISTED_TRUST": "1"}
	w.fs.Getenv = func(k string) string { return env[k] }
	if v := w.check(d, Options{}); v.Trusted || v.SessionOnly == "" {
		t.Fatalf("verdict %+v: CLAUDE_CODE_IGNORE_PERSISTED_TRUST makes the record count for nothing", v)
	}
	env = map[string]string{"HOME": w.home, "CLAUDE_CODE_SANDBOXED": "1"}
	if v := w.check(w.dir("other"), Options{}); !v.Trusted {
		t.Fatalf("verdict %+v: CLAUDE_CODE_SANDBOXED trusts every folder", v)
	}
}

func TestTheRecordFollowsClaudesConfigFolder(t *testing.T) {
	w := newWorld(t)
	cfg := w.mkdir(filepath.Join(w.root, "cfg"))
	d := w.dir("app")
	w.write(filepath.Join(cfg, ".claude.json"), `{"projects":{"`+d+`":{"hasTrustDialogAccepted":true}}}`)
	env := map[string]string{"HOME": w.home, "CLAUDE_CONFIG_DIR": cfg}
	w.fs.Getenv = func(k string) string { return env[k] }
	if v := w.check(d, Options{}); !v.Trusted || v.Record != filepath.Join(cfg, ".claude.json") {
		t.Fatalf("verdict %+v: want the record in CLAUDE_CONFIG_DIR", v)
	}
	env["CLAUDE_CODE_CUSTOM_OAUTH_URL"] = "https://example.com"
	if v := w.check(d, Options{}); v.Trusted || v.Record != filepath.Join(cfg, ".claude-custom-oauth.json") {
		t.Fatalf("verdict %+v: a custom OAuth URL has a record of its own", v)
	}
}

func TestAnOlderLayoutsRecordWinsWhenItHoldsSomething(t *testing.T) {
	e := func(kind Kind, size int64, mode os.FileMode) Entry {
		return Entry{Path: "x", Kind: kind, Size: size, Mode: mode}
	}
	for _, c := range []struct {
		name            string
		primary, legacy Entry
		wantLegacy      bool
	}{
		{"no old file", e(File, 10, 0o600), e(Absent, 0, 0), false},
		{"old file with content", e(File, 10, 0o600), e(File, 5, 0o600), true},
		{"empty writable old file, no new one", e(Absent, 0, 0), e(File, 0, 0o600), true},
		{"empty writable old file beside a new one", e(File, 10, 0o600), e(File, 0, 0o600), false},
		{"empty read-only old file", e(Absent, 0, 0), e(File, 0, 0o400), false},
	} {
		c.primary.Path, c.legacy.Path = "primary", "legacy"
		if got := chooseRecord(c.primary, c.legacy) == "legacy"; got != c.wantLegacy {
			t.Errorf("%s: legacy chosen %v, want %v", c.name, got, c.wantLegacy)
		}
	}
}

// A record Claude Code could not read trusts nothing, says why, and is never written.
func TestACorruptRecordTrustsNothingAndIsLeftAlone(t *testing.T) {
	w := newWorld(t)
	d := w.dir("app")
	for _, bad := range []string{`{"projects": {"` + d + `": {"hasTrustDialogAccepted": true}`, `[1,2]`, `{"projects": 3}`, `{} trailing`} {
		w.write(w.record(), bad)
		v := w.check(d, Options{})
		if v.Trusted || v.RecordErr == nil || !strings.Contains(v.RecordErr.Error(), w.record()) {
			t.Fatalf("record %q: verdict %+v: want untrusted with an error naming the file", bad, v)
		}
		if err := Accept(t.Context(), w.fs, v); err == nil {
			t.Fatalf("record %q: Accept wrote over it", bad)
		}
		if got, _ := os.ReadFile(w.record()); string(got) != bad {
			t.Fatalf("record %q was changed to %q", bad, got)
		}
	}
}

func TestAnUnreadableRecordTrustsNothing(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("root reads every file")
	}
	w := newWorld(t)
	d := w.dir("app")
	w.trust(d)
	if err := os.Chmod(w.record(), 0); err != nil {
		t.Fatal(err)
	}
	v := w.check(d, Options{})
	if v.Trusted || v.RecordErr == nil {
		t.Fatalf("verdict %+v: an unreadable record trusts nothing and says so", v)
	}
}
