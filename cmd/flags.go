package cmd

import (
	"fmt"
	"os"
	"strings"

	"github.com/spf13/pflag"

	"github.com/gclaude/gclaude/process"
	"github.com/gclaude/gclaude/themes"
	"github.com/gclaude/gclaude/ui"
	"github.com/gclaude/gclaude/ui/notify"
)

// envOr is a setting's default from the environment, so a shell profile can set what a
// flag would; the flag still wins.
func envOr(name, fallback string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return fallback
}

// sessionFlags are the flags of the root command. They follow claude's own names, so
// what users know from claude works here.
type sessionFlags struct {
	model           string
	permissionMode  string
	resume          string
	continueLast    bool
	maxRunning      int
	forkSession     bool
	addDirs         []string
	allowedTools    []string
	disallowedTools []string
	settings        string
	mcpConfig       string
	skipPermissions bool

	claudeBin string
	theme     string
	notify    string
	tui       string
	debugFile string

	// notifyCommand runs on the session server when one of its sessions waits for a
	// decision and no screen is attached (process.Options.NotifyCommand).
	notifyCommand string
}

// Values of --resume that name no session: resumePick is what a bare --resume holds
// (the UI then offers this folder's conversations); resumeLatest continues the newest.
const (
	resumePick   = "pick"
	resumeLatest = "latest"
)

func (f *sessionFlags) register(fs *pflag.FlagSet) {
	fs.StringVar(&f.model, "model", "", "model for the session (an alias like sonnet or opus, or a full name)")
	fs.StringVar(&f.permissionMode, "permission-mode", "", "permission mode: default, acceptEdits, plan, auto, dontAsk, bypassPermissions")
	fs.StringVarP(&f.resume, "resume", "r", "", "resume a conversation by session id or name; without one, pick from this folder's conversations (\"latest\": the newest)")
	fs.Lookup("resume").NoOptDefVal = resumePick
	fs.BoolVarP(&f.continueLast, "continue", "c", false, "continue the most recent conversation in this folder")
	fs.IntVar(&f.maxRunning, "max-running", 0, "most claude processes a workspace runs at once; the least recently used idle one is stopped beyond it (default 8, or maxRunning in .gclaude/workspace.json)")
	fs.BoolVar(&f.forkSession, "fork-session", false, "with --resume or --continue: continue in a new session id")
	fs.StringSliceVar(&f.addDirs, "add-dir", nil, "additional directories tools may access (repeatable)")
	fs.StringSliceVar(&f.allowedTools, "allowed-tools", nil, `tools allowed without asking, e.g. "Bash(git:*)" (repeatable)`)
	fs.StringSliceVar(&f.disallowedTools, "disallowed-tools", nil, "tools never allowed (repeatable)")
	fs.StringVar(&f.settings, "settings", "", "settings file or JSON string")
	fs.StringVar(&f.mcpConfig, "mcp-config", "", "MCP servers: a JSON file or string")
	fs.BoolVar(&f.skipPermissions, "dangerously-skip-permissions", false, "run every tool without asking (bypassPermissions); only in sandboxes")
	fs.StringVar(&f.claudeBin, "claude-bin", "", "the claude CLI to run (default: $CLAUDE_BIN, then claude on PATH)")
	fs.StringVar(&f.theme, "theme", themes.ThemeAuto, "colours: auto (from the terminal's background), dark or light")
	fs.StringVar(&f.tui, "tui", envOr("GCLAUDE_TUI", ui.TUIFullscreen), "fullscreen (its own screen, scrolling and search) or inline (the conversation goes into the terminal's scrollback) ($GCLAUDE_TUI)")
	fs.StringVar(&f.notify, "notify", envOr("GCLAUDE_NOTIFY", notify.Auto), "when a decision waits or a long turn ends while the terminal is not focused: auto, bell, osc9, osc777 or off ($GCLAUDE_NOTIFY)")
	fs.StringVar(&f.notifyCommand, "notify-command", os.Getenv(notifyCommandEnv), `a shell command run once for each decision a session in the background waits for while no screen is attached (e.g. 'notify-send gclaude "$1"'); the text is $1 and $GCLAUDE_NOTIFY_TEXT ($`+notifyCommandEnv+`)`)
	fs.StringVar(&f.debugFile, "debug-file", "", "append every line to and from claude, and every UI event, to this file")
	// claude spells some flags in camelCase; accept those spellings too.
	fs.SetNormalizeFunc(func(_ *pflag.FlagSet, name string) pflag.NormalizedName {
		switch name {
		case "allowedTools":
			name = "allowed-tools"
		case "disallowedTools":
			name = "disallowed-tools"
		case "addDir":
			name = "add-dir"
		case "mcpConfig":
			name = "mcp-config"
		case "permissionMode":
			name = "permission-mode"
		}
		return pflag.NormalizedName(name)
	})
}

// validate checks what gclaude can check before starting anything.
func (f *sessionFlags) validate() error {
	if _, err := themes.Detect(f.theme, true, nil); err != nil {
		return fmt.Errorf("--theme: %w", err)
	}
	if f.tui != ui.TUIFullscreen && f.tui != ui.TUIInline {
		return fmt.Errorf("--tui: unknown value %q (want %s or %s)", f.tui, ui.TUIFullscreen, ui.TUIInline)
	}
	if _, err := notify.Resolve(f.notify, func(string) string { return "" }); err != nil {
		return fmt.Errorf("--notify: %w", err)
	}
	if err := checkNotifyCommand(f.notifyCommand); err != nil {
		return fmt.Errorf("--notify-command: %w", err)
	}
	if f.resume != "" && f.continueLast {
		return fmt.Errorf("--resume and --continue cannot be used together")
	}
	if f.forkSession && f.resume == "" && !f.continueLast {
		return fmt.Errorf("--fork-session needs --resume or --continue")
	}
	return nil
}

// options turns the flags into the session's options. extra are the arguments after
// "--", passed to claude unchanged.
func (f *sessionFlags) options(bin, dir string, extra []string) process.Options {
	o := process.Options{
		Bin:                        bin,
		Dir:                        dir,
		Model:                      f.model,
		PermissionMode:             f.permissionMode,
		Continue:                   f.continueLast,
		ForkSession:                f.forkSession,
		AddDirs:                    f.addDirs,
		AllowedTools:               f.allowedTools,
		DisallowedTools:            f.disallowedTools,
		Settings:                   f.settings,
		MCPConfig:                  f.mcpConfig,
		DangerouslySkipPermissions: f.skipPermissions,
		ExtraArgs:                  extra,
		// Read only by a start on the session server: every session of this run carries it.
		NotifyCommand: f.notifyCommand,
		// A subagent's own words belong in its task pane; without this the CLI keeps them.
		ForwardSubagentText: true,
		// /rewind restores files from the CLI's checkpoints.
		FileCheckpointing: true,
	}
	switch f.resume {
	case "":
	case resumePick:
		// claude's own picker needs its terminal UI; gclaude shows one instead (see
		// launchResume) and starts a new conversation behind it.
	case resumeLatest:
		o.Continue = true
	default:
		o.Resume = f.resume
	}
	return o
}

// optionalResumeValue lets "-r ID" and "--resume ID" work like claude's optional value:
// pflag only takes an optional value written as --resume=ID, so a following word that
// is not a flag is joined to it. Nothing after "--" is touched.
func optionalResumeValue(args []string) []string {
	out := make([]string, 0, len(args))
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			return append(out, args[i:]...)
		}
		if (a == "-r" || a == "--resume") && i+1 < len(args) && args[i+1] != "" && !strings.HasPrefix(args[i+1], "-") {
			out = append(out, "--resume="+args[i+1])
			i++
			continue
		}
		out = append(out, a)
	}
	return out
}
