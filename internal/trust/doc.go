// Package trust is Claude Code's folder trust as gclaude asks it: whether the CLI's own
// record trusts a folder, what the folder runs once trusted, and writing the user's
// answers where the CLI reads them, on this machine (Local) or another one (Remote).
//
// What it follows was read from the embedded JavaScript of the pinned CLI, 2.1.332
// (strings of the native binary: checkHasTrustDialogAccepted, TrustDialog,
// saveConfigWithLock, the .mcp.json approval dialogs), and measured with it against
// the fake API (a SessionStart hook and an .mcp.json server that touch marker files):
//
//   - `claude -p` (stream-json, as gclaude runs it) never asks: in a folder never trusted
//     it runs the folder's hooks and starts every .mcp.json server nobody declined (a
//     server that is neither approved nor declined counts as approved when the CLI is
//     not interactive). A server listed in disabledMcpjsonServers does not start.
//   - The record is $CLAUDE_CONFIG_DIR/.claude.json, else ~/.claude.json (record.go);
//     a folder is trusted when projects[key].hasTrustDialogAccepted is truthy, key being
//     the folder's repository's main checkout (a worktree's too) or the folder outside
//     a repository, or when a folder from it up to its repository's root (up to /
//     outside one) has that flag (record.go, gitroot.go). The folder is the one getcwd
//     gives claude: symbolic links resolved. CLAUDE_CODE_SANDBOXED trusts every folder;
//     CLAUDE_CODE_IGNORE_PERSISTED_TRUST makes the record count for nothing. That is
//     the rule by which Claude Code decides whether to ask, and gclaude asks by it. The
//     CLI applies a project's own permission rules only when the folder's own entry
//     (projects[key]) says so, and says on stderr which entry it misses; cli_test.go
//     checks gclaude's key and written answer against that note of the real CLI.
//   - The dialog ("Accessing workspace:", "Quick safety check: Is this a project you
//     created or one you trust?", "No, exit" first and focused, "Yes, I trust this
//     folder", no number keys) lists hooks, .mcp.json, settings that run commands
//     (apiKeyHelper, awsAuthRefresh, awsCredentialExport, gcpAuthRefresh,
//     otelHeadersHelper, proxyAuthHelper, headersHelper), environment variables,
//     pre-approved permissions and added directories, and the skills, commands and
//     agents folders (facts.go). Its Yes sets hasTrustDialogAccepted in the entry (a new
//     entry gets the CLI's default project keys, accept.go); in the home folder the
//     answer holds for the session only and is never written.
//   - The CLI writes the record under a lock folder <record>.lock (proper-lockfile:
//     mkdir, touched every 5 s, stale after 10 s), re-reading the file under the lock
//     and renaming a temporary file over it with mode 0600 (lock.go, accept.go).
//   - Each new .mcp.json server is asked about ("New MCP server found in this project:
//     …", "Use this MCP server", "Use this and all future MCP servers in this project",
//     "Continue without using this MCP server"); the answers go to the folder's
//     .claude/settings.local.json: enabledMcpjsonServers, enableAllProjectMcpServers,
//     disabledMcpjsonServers (mcp.go). Older CLIs kept them in the record's project
//     entry; 2.1.332 moves them to settings.local.json when it starts.
package trust
