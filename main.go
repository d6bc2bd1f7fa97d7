// Command gclaude is a terminal frontend for the Claude Code CLI. The command line is
// built in package cmd; this file only wires it to the process.
package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"

	"github.com/gclaude/gclaude/cmd"
)

func main() {
	// SIGTERM and SIGHUP end the program through its context, so the claude processes
	// it started are shut down before it exits.
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, syscall.SIGHUP)
	code := cmd.Execute(ctx)
	stop()
	os.Exit(code)
}
