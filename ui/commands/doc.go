// Package commands holds gclaude's own slash commands, one file each (status.go,
// rewind.go, …): what the / menu shows of one, whether a recording refuses it, how it
// runs and what it does with its dialogs' answers. A command's file registers it
// (table.go); the session it is typed in (ui/tab) looks it up and runs it with itself as
// its Session, and applies the Result the command's Cmd reports. The screen's own
// commands (/help, /clear, /model, /mode, /quit) and those that replace claude
// (/resume, /login) are files here too: they ask their Session, or its Workspace (a
// WorkspaceAct), which does the work.
//
// The everyday ones exist because the headless CLI answers them with "isn't available
// in this environment": /status, /permissions (rules from list_permission_rules;
// settings files edited keeping their keys, order and indentation, then waiting until
// the CLI, which watches them, lists the change: settingsfile.go, jsonedit.go),
// /add-dir (apply_flag_settings, and --add-dir on every restart), /memory (the
// CLAUDE.md files, opened in $EDITOR), /rewind (rewind_files and
// --resume-session-at, from the prompts RewindLog keeps: rewind_log.go), /mcp (a panel over
// mcp_status, mcp_reconnect, mcp_toggle and mcp_authenticate), /config (get_settings'
// sources; update_settings for the output style), /theme, /usage (get_usage in rows).
// Beside them:
// `!` shell mode (shell.go; shell_run.go runs `sh -c` in its own process group and
// words the output for the next prompt), the closest name for an unknown command
// (closest.go) and the resume line printed on the way out (leaving.go).
//
// Adding a command is one new file and its test: see "Add a slash command" in
// docs/ARCHITECTURE.md.
package commands
