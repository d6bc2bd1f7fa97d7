package cmd

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/spf13/cobra"

	"github.com/gclaude/gclaude/process"
)

// doctorHostTimeout bounds each check over ssh (a first login through a jump host can
// take seconds; ssh's own ConnectTimeout applies within it).
const doctorHostTimeout = 60 * time.Second

// runDoctorHost checks a host reached over ssh: login, the remote claude's version,
// its sign-in. It prints what it finds and reports whether the host is usable.
func runDoctorHost(cmd *cobra.Command, spec, sshConfig string) bool {
	w := sanitizingWriter{out(cmd)}
	fmt.Fprintf(w, "gclaude %s\n\n", versionString())
	fmt.Fprintf(w, "host %s (over ssh)\n", spec)
	h, err := process.NewSSHHost(spec, process.SSHSettings{Config: sshConfig})
	if err != nil {
		fmt.Fprintf(w, "  ✗ %v\n", err)
		return false
	}
	check := func(f func(ctx context.Context) error) error {
		ctx, cancel := context.WithTimeout(cmd.Context(), doctorHostTimeout)
		defer cancel()
		err := f(ctx)
		if errors.Is(err, context.DeadlineExceeded) {
			return fmt.Errorf("no answer from %s within %v", spec, doctorHostTimeout)
		}
		return err
	}
	if err := check(h.Reachable); err != nil {
		fmt.Fprintf(w, "  ✗ ssh: %v\n", err)
		return false
	}
	fmt.Fprintln(w, "  ssh:      logged in without a prompt ✓")

	var version string
	if err := check(func(ctx context.Context) (err error) { version, err = h.CheckVersion(ctx); return err }); err != nil {
		fmt.Fprintf(w, "  ✗ %v\n", err)
		return false
	}
	fmt.Fprintf(w, "  claude:   %s (gclaude needs %s or newer) ✓\n", version, process.MinVersion)

	fmt.Fprintf(w, "\nauthentication on %s\n", spec)
	var st process.AuthStatus
	err = check(func(ctx context.Context) (err error) { st, err = h.CheckAuth(ctx); return err })
	switch {
	case err != nil:
		fmt.Fprintf(w, "  ? could not ask claude: %v\n", err)
	case !st.LoggedIn:
		fmt.Fprintf(w, "  ✗ claude is not logged in on %s: run `claude auth login` there,\n", spec)
		fmt.Fprintln(w, "    or set ANTHROPIC_API_KEY in that host's claude settings or environment")
		return false
	default:
		fmt.Fprintf(w, "  logged in: %s ✓\n", st.Describe())
	}
	fmt.Fprintln(w, "\neverything looks fine")
	return true
}
