// Package demo is `gclaude demo`: the real claude CLI against the embedded scripted
// Messages API (fakeapi.DemoTour), in a throwaway sandbox, with a guided tour.
//
// The root starts a Demo, runs a process.CLI with Demo.Options, shows Demo.Intro as
// the first notice, and calls Close after the session has exited. Which tour step plays
// is chosen by what the user types (fakeapi.DemoTopic), so the steps work in any order
// and can be repeated.
package demo

import (
	"context"
	"fmt"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/gclaude/gclaude/fakeapi"
	"github.com/gclaude/gclaude/process"
)

// demoStream paces the scripted replies so that streaming is visible: a markdown
// answer takes about two seconds.
var demoStream = fakeapi.StreamOptions{ChunkRunes: 8, JSONChunkBytes: 24, DeltaDelay: 12 * time.Millisecond}

// Demo is a running tour: the fake API and the sandbox. Its methods are safe for
// concurrent use.
type Demo struct {
	api     *fakeapi.Server
	sb      *sandbox
	bin     string
	version string

	closeOnce sync.Once
	closeErr  error
}

// Start prepares a tour. bin is the --claude-bin value ("" searches, see FindBinary).
// It checks the CLI's version, creates the sandbox (an empty HOME and TMPDIR, and the
// sample project) and starts the fake API on 127.0.0.1. ctx bounds only the setup.
func Start(ctx context.Context, bin string) (*Demo, error) {
	return start(ctx, bin, demoStream)
}

func start(ctx context.Context, bin string, stream fakeapi.StreamOptions) (*Demo, error) {
	bin, err := FindBinary(bin)
	if err != nil {
		return nil, err
	}
	version, err := process.CheckVersion(bin)
	if err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	sb, err := newSandbox()
	if err != nil {
		return nil, err
	}
	api, err := fakeapi.New(fakeapi.Config{
		Scenarios: fakeapi.DemoTour(fakeapi.DemoTourOptions{Edited: sb.edited}),
		Default:   fakeapi.DemoMenu,
		Stream:    stream,
		SideReply: "gclaude tour",
	})
	if err != nil {
		_ = sb.remove()
		return nil, fmt.Errorf("demo: %w", err)
	}
	return &Demo{api: api, sb: sb, bin: bin, version: version}, nil
}

// Options are the session options for the tour: the CLI, the sample project as its
// working directory, and a sandboxed environment that reaches only the fake API.
// Add model or permission-mode flags to them as for any session.
func (d *Demo) Options() process.Options {
	return process.Options{
		Bin: d.bin,
		Dir: d.sb.project,
		Env: sandboxEnv(os.Environ(), d.sb, d.api.URL()),
		// The subagent step's task pane shows what the subagent said, too.
		ForwardSubagentText: true,
	}
}

// Project is the sample project's directory (the CLI's working directory).
func (d *Demo) Project() string { return d.sb.project }

// Intro is the tour's welcome, to show as the first notice: what this is and what to
// type next. It is plain text with line breaks.
func (d *Demo) Intro() string {
	var b strings.Builder
	fmt.Fprintf(&b, "Welcome to the gclaude demo. The real claude CLI (%s) is talking to a scripted "+
		"stand-in for the Anthropic API on 127.0.0.1: no account is needed and nothing leaves this "+
		"machine. Tools really run, in a throwaway sample project that is deleted when you quit.\n\n", d.version)
	b.WriteString("Type 1 and press enter to start the tour, or pick any step:\n")
	b.WriteString("1 show markdown · 2 run a command · 3 edit a file · 4 make a plan · 5 ask me · 6 use a subagent · 7 several sessions")
	if d.version != PinnedVersion {
		fmt.Fprintf(&b, "\n\nNote: the tour was written for claude %s; with %s some steps may look different.",
			PinnedVersion, d.version)
	}
	return b.String()
}

// Close stops the fake API and removes the sandbox. Call it after the CLI has exited.
// It is safe to call more than once.
func (d *Demo) Close() error {
	d.closeOnce.Do(func() {
		d.api.Close()
		d.closeErr = d.sb.remove()
	})
	return d.closeErr
}
