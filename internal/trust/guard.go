package trust

import (
	"context"
	"fmt"
	"strings"
)

// Undecided is why claude was not started: the folder waits for the user's answer
// (trust, or new MCP servers). The question is asked with Verdict's facts.
type Undecided struct{ Verdict Verdict }

func (u *Undecided) Error() string {
	v := u.Verdict
	if !v.Trusted {
		return fmt.Sprintf("%s is not trusted yet: nothing of it runs before you answer", v.Dir)
	}
	var names []string
	for _, s := range v.NewServers() {
		names = append(names, s.Name)
	}
	return fmt.Sprintf("new MCP servers in %s wait for your answer: %s", v.Dir, strings.Join(names, ", "))
}

// Guard is what stands before every claude gclaude starts: nil when claude may start
// in dir, an *Undecided when the user must be asked first (trustedNow: they trusted
// the folder in this gclaude without it being written), another error when the folder
// could not be checked (then nothing starts either).
func Guard(ctx context.Context, fsys FS, dir string, trustedNow bool) error {
	v, err := Check(ctx, fsys, dir, Options{})
	if err != nil {
		return fmt.Errorf("checking whether %s is trusted: %w", dir, err)
	}
	if v.Ready(trustedNow) {
		return nil
	}
	return &Undecided{Verdict: v}
}
