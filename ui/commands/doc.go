// Package commands holds gclaude's own slash commands, one file each (status.go,
// rewind.go, …): what the / menu shows of one, whether a recording refuses it, how it
// runs and what it does with its dialogs' answers. A command's file registers it
// (table.go); the root looks it up and runs it through Host, the running session as a
// command sees it, and applies the Result the command's Cmd reports. Beside them: `!`
// shell mode (shell.go, shell_run.go), the closest name for an unknown command
// (closest.go), the settings-file editing /permissions does (settingsfile.go,
// jsonedit.go) and the resume line printed on the way out (leaving.go).
//
// Adding a command is one new file and its test: see docs/ARCHITECTURE.md.
package commands
