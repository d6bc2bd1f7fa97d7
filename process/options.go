package process

import (
	"strings"
	"time"

	"github.com/gclaude/gclaude/internal/sessionwire"
)

// Options configure a CLI. The zero value runs `claude` from PATH in the current
// directory with the parent's environment.
type Options struct {
	Bin string   // explicit binary (--claude-bin); empty means search (see FindBinary)
	Dir string   // working directory; empty means the current one
	Env []string // full environment; nil means os.Environ() (see Environ)

	// Host, when set ([user@]host[:port]), runs claude on that machine through the
	// system ssh (see SSHHost): `cd Dir && exec claude ARGS` over the host's one
	// multiplexed connection, with ssh's stdin and stdout as the stream-json pipes. Bin
	// is then not used (SSH.Claude names the remote program) and Dir is a folder on the
	// host. Env is ssh's environment, not claude's: no variable travels over ssh (ssh
	// sends at most the user's SendEnv, usually LANG and LC_*), so the remote claude runs
	// with its own login, settings and environment there. FileCheckpointing alone is
	// passed on, in the command line.
	Host string
	SSH  SSHSettings

	// Server, when set, has the user's session server run claude (Start), or joins a
	// session it runs (Attach): claude is then the server's child and outlives this
	// process; Detach leaves it running. Everything else here applies as for a claude
	// of gclaude's own. Not with Host.
	Server *sessionwire.Client
	// ServerMeta is the session's metadata on the server to start with (its name,
	// sessionwire.MetaName, and whatever the screen keeps there).
	ServerMeta map[string]string
	// NotifyCommand runs on the server when claude waits for a decision while no screen
	// is attached (sessionwire.Spawn.NotifyCommand).
	NotifyCommand string

	Model          string
	PermissionMode string

	Resume string // session id or name
	// ResumeAt keeps the resumed conversation only up to this message uuid (the CLI's
	// hidden --resume-session-at; /rewind). Ignored without Resume.
	ResumeAt    string
	Continue    bool
	ForkSession bool
	SessionID   string // must be a UUID

	AddDirs         []string
	AllowedTools    []string
	DisallowedTools []string
	Settings        string // file or JSON
	MCPConfig       string // file or JSON

	DangerouslySkipPermissions bool
	ForwardSubagentText        bool // subagents' text and thinking arrive as messages with parent_tool_use_id
	// FileCheckpointing makes the CLI keep file checkpoints per user message, for
	// rewind_files (the variable the SDKs set for enableFileCheckpointing).
	FileCheckpointing bool

	ExtraArgs []string // passed through unchanged, last

	// RequestTimeout bounds each client→CLI request (default 30 s; get_context_usage can
	// take over a second). InitTimeout bounds initialize (default 60 s, as in the SDKs:
	// a cold start of the CLI on a loaded machine takes seconds).
	RequestTimeout time.Duration
	InitTimeout    time.Duration

	StderrLines int // lines of stderr kept (default 200)

	// Trace, if set, sees every raw line written to stdin and read from stdout and
	// stderr (--debug-file). See TraceFunc.
	Trace TraceFunc

	stop    stopTimings // Close's grace periods; zero means the defaults (tests shorten them)
	maxLine int         // cap on one stdout line; zero means MaxLineBytes
}

// stopTimings are the waits of Close's escalation and of the exit path.
type stopTimings struct {
	interrupt time.Duration // answer to the interrupt sent when a turn is running
	stdin     time.Duration // exit after stdin is closed, before SIGTERM
	term      time.Duration // exit after SIGTERM, before SIGKILL
	drain     time.Duration // pipes to reach EOF after the process exited
}

var defaultStop = stopTimings{
	interrupt: 2 * time.Second,
	stdin:     2 * time.Second,
	term:      3 * time.Second,
	drain:     2 * time.Second,
}

const (
	defaultRequestTimeout = 30 * time.Second
	defaultInitTimeout    = 60 * time.Second
	defaultStderrLines    = 200
)

func (o Options) withDefaults() Options {
	if o.RequestTimeout <= 0 {
		o.RequestTimeout = defaultRequestTimeout
	}
	if o.InitTimeout <= 0 {
		o.InitTimeout = defaultInitTimeout
	}
	if o.StderrLines <= 0 {
		o.StderrLines = defaultStderrLines
	}
	if o.maxLine <= 0 {
		o.maxLine = MaxLineBytes
	}
	d := defaultStop
	for _, p := range []struct{ v, def *time.Duration }{
		{&o.stop.interrupt, &d.interrupt}, {&o.stop.stdin, &d.stdin},
		{&o.stop.term, &d.term}, {&o.stop.drain, &d.drain},
	} {
		if *p.v <= 0 {
			*p.v = *p.def
		}
	}
	return o
}

// headlessArgs make the CLI speak NDJSON both ways and ask the client (gclaude) for permissions.
// Without --verbose it exits at once (REFERENCE §1).
var headlessArgs = []string{
	"--output-format", "stream-json",
	"--verbose",
	"--input-format", "stream-json",
	"--permission-prompt-tool", "stdio",
	"--include-partial-messages",
}

// BuildArgs returns the CLI's arguments for o. User-supplied values are written as
// --flag=value: the CLI's parser lets a list option such as --add-dir swallow every
// following bare word, and would read a value starting with "-" as a flag; the
// --flag=value form has neither problem.
func BuildArgs(o Options) []string {
	args := append([]string(nil), headlessArgs...)
	value := func(flag, v string) {
		if v != "" {
			args = append(args, flag+"="+v)
		}
	}
	boolean := func(flag string, on bool) {
		if on {
			args = append(args, flag)
		}
	}
	value("--model", o.Model)
	value("--permission-mode", o.PermissionMode)
	boolean("--dangerously-skip-permissions", o.DangerouslySkipPermissions)
	value("--resume", o.Resume)
	if o.Resume != "" {
		value("--resume-session-at", o.ResumeAt)
	}
	boolean("--continue", o.Continue)
	boolean("--fork-session", o.ForkSession)
	value("--session-id", o.SessionID)
	for _, d := range o.AddDirs {
		value("--add-dir", d)
	}
	// Joined with commas, as both official SDKs do.
	value("--allowedTools", strings.Join(o.AllowedTools, ","))
	value("--disallowedTools", strings.Join(o.DisallowedTools, ","))
	value("--settings", o.Settings)
	value("--mcp-config", o.MCPConfig)
	boolean("--forward-subagent-text", o.ForwardSubagentText)
	return append(args, o.ExtraArgs...)
}
