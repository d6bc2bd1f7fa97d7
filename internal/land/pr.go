package land

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/gclaude/gclaude/internal/gitrun"
	"github.com/gclaude/gclaude/internal/worktree"
)

// PRPlan is what `/land --pr` will do: commit what is uncommitted, push the branch to
// Remote and open a pull request into BaseBranch with Title and Body (drafts the user
// may edit).
type PRPlan struct {
	Worktree    worktree.Worktree
	Head        string
	BaseBranch  string // "" when unknown: gh then picks the repository's default
	Remote      string
	Uncommitted []string
	Message     string
	Commits     []string
	Title, Body string
}

// PR is the pull request OpenPR opened.
type PR struct {
	URL       string
	Committed string // the commit made of the uncommitted work ("" when there was none)
}

// PlanPR checks that a pull request can be opened, touching nothing: the worktree is
// on its branch, there is a remote to push to, gh is installed and signed in. A
// refusal says exactly what to run instead.
func PlanPR(ctx context.Context, r gitrun.Runner, wt worktree.Worktree, prompts []string) (PRPlan, error) {
	p := PRPlan{Worktree: wt}
	var err error
	if p.Head, err = checkWorktree(ctx, r, wt); err != nil {
		return PRPlan{}, err
	}
	if b, err := baseBranch(ctx, r, wt); err == nil {
		p.BaseBranch = b
	}
	st, err := status(ctx, r, wt.Path)
	if err != nil {
		return PRPlan{}, err
	}
	p.Uncommitted = st.names()
	if len(p.Uncommitted) > 0 {
		p.Message = DraftMessage(prompts)
	}
	if p.BaseBranch != "" {
		if p.Commits, err = commitsOnly(ctx, r, wt.Path, p.Head, "refs/heads/"+p.BaseBranch); err != nil {
			return PRPlan{}, err
		}
		if len(p.Uncommitted) == 0 && len(p.Commits) == 0 {
			return PRPlan{}, &Refusal{Reason: fmt.Sprintf("nothing to open a pull request for: %s has nothing %s does not have", wt.Branch, p.BaseBranch)}
		}
	}
	p.Title, p.Body = DraftPR(prompts, p.Commits)
	if p.Remote, err = pushRemote(ctx, r, wt); err != nil {
		return PRPlan{}, err
	}
	return p, checkGH(ctx, r, p)
}

// pushRemote is the remote the branch pushes to: its own, else origin, else the only
// one there is.
func pushRemote(ctx context.Context, r gitrun.Runner, wt worktree.Worktree) (string, error) {
	if out, err := gitrun.Git(ctx, r, wt.Path, "config", "--get", "branch."+wt.Branch+".remote"); err == nil && strings.TrimSpace(out) != "" && strings.TrimSpace(out) != "." {
		return strings.TrimSpace(out), nil
	}
	out, err := gitrun.Git(ctx, r, wt.Path, "remote")
	if err != nil {
		return "", err
	}
	remotes := lines(out)
	for _, name := range remotes {
		if name == "origin" {
			return name, nil
		}
	}
	if len(remotes) == 1 {
		return remotes[0], nil
	}
	reason := "the repository has no remote to push " + wt.Branch + " to"
	if len(remotes) > 1 {
		reason = "the repository has several remotes and none is origin: gclaude does not guess which one to push " + wt.Branch + " to"
	}
	return "", &Refusal{Reason: reason, Run: []string{
		gitrun.ShellLine("git", "-C", wt.Repo, "remote", "add", "origin", "URL"),
		gitrun.ShellLine("git", "-C", wt.Path, "push", "-u", "origin", wt.Branch),
	}}
}

// checkGH refuses when gh is not installed or not signed in, saying what to run.
func checkGH(ctx context.Context, r gitrun.Runner, p PRPlan) error {
	push := gitrun.ShellLine("git", "-C", p.Worktree.Path, "push", "-u", p.Remote, p.Worktree.Branch)
	if _, err := r.Run(ctx, gitrun.Command{Dir: p.Worktree.Path, Args: []string{"gh", "--version"}}); err != nil {
		if errors.Is(err, gitrun.ErrNotFound) || gitrun.Code(err) == 127 {
			return &Refusal{
				Reason: "gh (GitHub's command line) is not installed: push the branch, then open the pull request on the remote's site (or install gh and run the second line)",
				Run:    []string{push, ghCreateLine(p)},
			}
		}
		return err
	}
	if _, err := r.Run(ctx, gitrun.Command{Dir: p.Worktree.Path, Args: []string{"gh", "auth", "status"}}); err != nil {
		if gitrun.Code(err) > 0 {
			return &Refusal{Reason: "gh is not signed in: sign in, then land with --pr again", Run: []string{"gh auth login"}}
		}
		return err
	}
	return nil
}

// OpenPR carries out p: commits the uncommitted work with message, pushes the branch
// (taking the commit back if the push is rejected) and runs `gh pr create`. If gh fails
// after the push, the branch stays pushed and the error says what to run.
func OpenPR(ctx context.Context, r gitrun.Runner, p PRPlan, message, title, body string) (PR, error) {
	if strings.TrimSpace(title) == "" {
		return PR{}, &Refusal{Reason: "the pull request's title is empty"}
	}
	wt := p.Worktree
	head, err := checkWorktree(ctx, r, wt)
	if err != nil {
		return PR{}, err
	}
	st, err := status(ctx, r, wt.Path)
	if err != nil {
		return PR{}, err
	}
	if head != p.Head || len(st) != len(p.Uncommitted) {
		return PR{}, ErrStale
	}
	c := committed{}
	if len(p.Uncommitted) > 0 {
		if c, err = commitAll(ctx, r, wt.Path, head, message); err != nil {
			return PR{}, err
		}
	}
	if _, err := gitrun.Git(ctx, r, wt.Path, "push", "--quiet", "-u", p.Remote, wt.Branch); err != nil {
		return PR{}, c.undo(ctx, r, &Refusal{
			Reason: fmt.Sprintf("git push to %s failed, nothing was pushed (%s)", p.Remote, pushReason(gitrun.Stderr(err))),
			Run:    []string{gitrun.ShellLine("git", "-C", wt.Path, "push", "-u", p.Remote, wt.Branch)},
		})
	}
	pr := PR{}
	if c.made {
		tip, _ := gitrun.Git(ctx, r, wt.Path, "rev-parse", "HEAD")
		pr.Committed = strings.TrimSpace(tip)
	}
	p.Title, p.Body = title, body
	out, err := r.Run(ctx, gitrun.Command{Dir: wt.Path, Args: ghCreate(p), Stdin: []byte(body)})
	if err != nil {
		return pr, &Refusal{
			Reason: fmt.Sprintf("%s is pushed to %s, but gh pr create failed (%s)", wt.Branch, p.Remote, lastLine(gitrun.Stderr(err))),
			Run:    []string{ghCreateLine(p)},
		}
	}
	pr.URL = prURL(string(out))
	return pr, nil
}

// ghCreate is the gh command that opens the pull request, its body on stdin.
func ghCreate(p PRPlan) []string {
	args := []string{"gh", "pr", "create", "--head", p.Worktree.Branch, "--title", p.Title, "--body-file", "-"}
	if p.BaseBranch != "" {
		args = append(args, "--base", p.BaseBranch)
	}
	return args
}

// ghCreateLine is the same command to paste into a shell, the body given inline.
func ghCreateLine(p PRPlan) string {
	args := []string{"gh", "pr", "create", "--head", p.Worktree.Branch, "--title", p.Title, "--body", p.Body}
	if p.BaseBranch != "" {
		args = append(args, "--base", p.BaseBranch)
	}
	return "cd " + gitrun.ShellLine(p.Worktree.Path) + " && " + gitrun.ShellLine(args...)
}

// prURL is the address gh printed: its last line that is one.
func prURL(out string) string {
	url := ""
	for _, l := range lines(out) {
		if strings.HasPrefix(l, "https://") || strings.HasPrefix(l, "http://") {
			url = l
		}
	}
	return url
}

func lastLine(s string) string {
	ls := lines(s)
	if len(ls) == 0 {
		return "no message"
	}
	return ls[len(ls)-1]
}

// pushReason is the line of git push's complaint that says why: the rejected ref's
// ("! [rejected] … (fetch first)"), else its last line.
func pushReason(stderr string) string {
	for _, l := range lines(stderr) {
		if strings.HasPrefix(l, "! ") {
			return l
		}
	}
	return lastLine(stderr)
}
