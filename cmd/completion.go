package cmd

import (
	"os"

	"github.com/spf13/cobra"

	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/render"
	"github.com/gclaude/gclaude/sessionfiles"
	"github.com/gclaude/gclaude/themes"
	"github.com/gclaude/gclaude/ui"
	"github.com/gclaude/gclaude/ui/notify"
)

// permissionModes are the values `claude --permission-mode` accepts (CLI 2.1.328;
// its "manual" is an alias of default), described as the mode picker does.
var permissionModes = []cobra.Completion{
	cobra.CompletionWithDesc(protocol.ModeDefault, "ask before editing files or running commands"),
	cobra.CompletionWithDesc(protocol.ModeAcceptEdits, "edit files without asking; ask before commands"),
	cobra.CompletionWithDesc(protocol.ModePlan, "read and plan only, until you approve a plan"),
	cobra.CompletionWithDesc(protocol.ModeAuto, "a classifier allows what looks safe, asks about the rest"),
	cobra.CompletionWithDesc(protocol.ModeDontAsk, "never ask: what no rule allows is denied"),
	cobra.CompletionWithDesc(protocol.ModeBypassPermissions, "run everything without asking (sandboxes only)"),
}

// modelAliases are the aliases claude resolves to its latest models; a full model
// name works too, so these are offered but not enforced.
var modelAliases = []cobra.Completion{"default", "opus", "sonnet", "haiku", "fable"}

var themeNames = []cobra.Completion{themes.ThemeAuto, themes.ThemeDark, themes.ThemeLight}

// registerCompletions teaches the shell completion (`gclaude completion bash|zsh|fish`)
// the values of the flags that have a fixed set, and this folder's session ids.
func registerCompletions(root *cobra.Command, f *sessionFlags) {
	fixed := func(values []cobra.Completion) cobra.CompletionFunc {
		return cobra.FixedCompletions(values, cobra.ShellCompDirectiveNoFileComp)
	}
	_ = root.RegisterFlagCompletionFunc("permission-mode", fixed(permissionModes))
	_ = root.RegisterFlagCompletionFunc("model", fixed(modelAliases))
	_ = root.RegisterFlagCompletionFunc("theme", fixed(themeNames))
	_ = root.RegisterFlagCompletionFunc("tui", fixed([]cobra.Completion{ui.TUIFullscreen, ui.TUIInline}))
	_ = root.RegisterFlagCompletionFunc("notify", fixed(notify.Choices))
	_ = root.RegisterFlagCompletionFunc("resume", func(*cobra.Command, []string, string) ([]cobra.Completion, cobra.ShellCompDirective) {
		return sessionCompletions(), cobra.ShellCompDirectiveNoFileComp
	})
	// "--resume <tab>": --resume takes its value optionally, so cobra completes the
	// word after it as the prompt; before any prompt word that is a session id.
	root.ValidArgsFunction = func(_ *cobra.Command, args []string, _ string) ([]cobra.Completion, cobra.ShellCompDirective) {
		if f.resume == resumePick && len(args) == 0 {
			return sessionCompletions(), cobra.ShellCompDirectiveNoFileComp
		}
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
}

// sessionCompletions are this folder's conversations, newest first: the id, with the
// title as its description.
func sessionCompletions() []cobra.Completion {
	home, _ := os.UserHomeDir()
	cwd, err := os.Getwd()
	if err != nil || home == "" {
		return nil
	}
	list, _ := sessionfiles.List(sessionFilesDir(home, cwd, os.Getenv))
	out := make([]cobra.Completion, 0, len(list))
	for _, s := range list {
		out = append(out, cobra.CompletionWithDesc(s.ID, render.Truncate(render.OneLine(s.Title), 60)))
	}
	return out
}
