// Package process runs the claude CLI as a supervised subprocess in headless stream-json
// mode and turns its stdout into a stream of Events.
//
// A CLI owns one claude process: it finds the binary, builds argv, starts the process in
// its own process group, and runs one writer goroutine (every stdin line goes through it,
// one JSON object per line), one reader goroutine (no line-length limit: lines over 1 MiB
// happen), and a stderr reader that keeps a bounded tail. Client→CLI control requests are
// correlated by request_id and time out; CLI→client requests (permissions, elicitations)
// become events the UI answers with Respond. Close stops the CLI the way the official SDKs
// do: interrupt, close stdin, SIGTERM, SIGKILL, and leaves no process of the group behind.
//
// Events arrive on one channel in the order the CLI wrote them; Exited is always the last
// one, then the channel closes. The reader never waits for the consumer, so a slow UI
// cannot stall control responses or Close. A UI reads Events() in batches with a
// command that re-arms itself after each batch (gclaude's is ui/session/events.go).
//
// Beside it: finding the binary (FindBinary, CheckVersion) and how it signs in
// (CheckAuth: `claude auth status`, for `gclaude doctor`). The process group dies with
// gclaude, kill -9 included: Pdeathsig SIGTERM on Linux from a thread that never exits,
// and on every Unix a watchdog shell that SIGTERMs then SIGKILLs the group once
// gclaude's end of its stdin closes. Stdout comes through a blocking pipe waited on
// with poll(2), outside Go's network poller, so the CLI's thousands of writes a turn do
// not wake gclaude while the reader is paced (stdout_pipe_linux.go). A stdout line is
// capped at 64 MiB, far above real lines; a CLI that passes it is stopped with an error
// naming the cap.
//
// On another machine (Options.Host), the process is the system ssh running
// `cd DIR && exec claude ARGS` there, over one multiplexed connection per host
// (SSHHost: ControlMaster, BatchMode, the user's own config and known_hosts); the same
// pipes, group and Close apply to ssh, and stdin's EOF ends the remote claude. ssh's
// failures become an *SSHError a user can act on; a connection lost mid-session ends
// with Exited.Disconnected. SSHHost.Run and ReadHead run small commands over the same
// connection, and SSHHost's checks serve `gclaude doctor --host`.
//
// Under the session server (Options.Server, internal/sessionserver), claude is the
// server's child rather than gclaude's: the CLI writes its stdin lines and reads its
// stdout lines as frames on the server's socket, and everything above works the same.
// Such a CLI can Detach (claude runs on) and Attach rejoins a session: the lines
// recorded since claude started come first, marked Replayed, then Live. StartChild is
// the server's own way to start claude as Start would.
package process
