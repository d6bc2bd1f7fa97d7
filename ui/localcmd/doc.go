// Package localcmd holds the logic of gclaude's own everyday slash commands (/status,
// /permissions, /add-dir, /memory, /rewind, `!` shell mode, refusing unknown commands):
// what to ask the CLI, how to read its answers, how to edit settings files, and how to
// show the result. It does no terminal work; ui/commands and the root ui wire it to the session.
package localcmd
