package cmd

import (
	"context"
	"errors"
	"fmt"
	"os/exec"
	"strings"
	"time"

	"github.com/gclaude/gclaude/render"
)

// notifyCommandEnv sets --notify-command from a shell profile.
const notifyCommandEnv = "GCLAUDE_NOTIFY_COMMAND"

// checkNotifyCommand refuses a notify command that could never run: blank, or not
// valid shell. The server runs it only later, with no screen to tell of a mistake
// (its failures go to the server's log), so sh reads it now without running it (-n).
func checkNotifyCommand(command string) error {
	if command == "" {
		return nil
	}
	if strings.TrimSpace(command) == "" {
		return errors.New("blank: give a command, or leave it unset for none")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	out, err := exec.CommandContext(ctx, "/bin/sh", "-n", "-c", command).CombinedOutput()
	if err != nil {
		why := strings.TrimSpace(string(out))
		if why == "" {
			why = err.Error()
		}
		return fmt.Errorf("not a valid sh command: %s", render.Sanitize(why))
	}
	return nil
}
