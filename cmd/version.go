package cmd

import (
	"fmt"
	"runtime"
	"runtime/debug"

	"github.com/spf13/cobra"

	"github.com/gclaude/gclaude/process"
)

// Version and Revision can be set at build time with -ldflags "-X
// github.com/gclaude/gclaude/cmd.Revision=…" (make build sets Revision from git):
// a build made with -buildvcs=false, or in a git worktree, records no revision itself.
var (
	Version  = ""
	Revision = ""
)

func newVersionCommand() *cobra.Command {
	var claudeBin string
	cmd := &cobra.Command{
		Use:   "version",
		Short: "Print gclaude's version and the claude CLI it would run",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			w := out(cmd)
			fmt.Fprintf(w, "gclaude %s (%s, %s/%s)\n", versionString(), runtime.Version(), runtime.GOOS, runtime.GOARCH)
			bin, err := process.FindBinary(claudeBin)
			if err != nil {
				fmt.Fprintf(w, "claude  not found: install it with `%s`, or point --claude-bin or $CLAUDE_BIN at it\n", process.InstallHint)
				return nil
			}
			v, err := process.CheckVersion(bin)
			switch {
			case v == "" && err != nil:
				fmt.Fprintf(w, "claude  at %s: %v\n", bin, err)
			case err != nil:
				fmt.Fprintf(w, "claude  %s at %s (too old: gclaude needs %s or newer)\n", v, bin, process.MinVersion)
			default:
				fmt.Fprintf(w, "claude  %s at %s\n", v, bin)
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&claudeBin, "claude-bin", "", "report this claude CLI instead of searching")
	return cmd
}

// versionString is gclaude's version: the -X Version, else the module version Go
// recorded ("dev" for a source build), followed by the VCS revision when known.
func versionString() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		info = nil
	}
	return formatVersion(info, Version, Revision)
}

func formatVersion(info *debug.BuildInfo, version, revision string) string {
	v := version
	if v == "" && info != nil {
		v = info.Main.Version
	}
	if v == "" || v == "(devel)" {
		v = "dev"
	}
	var rev, dirty string
	if info != nil {
		for _, s := range info.Settings {
			switch s.Key {
			case "vcs.revision":
				rev = s.Value
			case "vcs.modified":
				if s.Value == "true" {
					dirty = "+dirty"
				}
			}
		}
	}
	if len(rev) > 12 {
		rev = rev[:12]
	}
	switch {
	case rev != "":
		v += " " + rev + dirty
	case revision != "":
		v += " " + revision
	case v == "dev":
		v += ", revision not recorded"
	}
	return v
}
