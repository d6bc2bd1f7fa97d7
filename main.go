// Command gclaude is a terminal frontend for the Claude Code CLI. The command line is
// built in package cmd; this file only wires it to the process.
package main

import (
	"context"
	"os"

	"github.com/gclaude/gclaude/cmd"
)

func main() {
	cmd.TuneRuntime()
	// SIGTERM, SIGHUP and SIGINT end the program through its context, so the terminal is
	// restored and the claude processes it started are shut down before it exits.
	sd := cmd.OnSignal(context.Background())
	stopProfile := cmd.StartCPUProfile()
	code := cmd.Execute(sd.Context())
	stopProfile()
	sd.Stop()
	os.Exit(sd.ExitCode(code))
}
