package ui

// tabPlace is where a tab's claude runs and what it starts with.
type tabPlace struct {
	dir      string       // the folder claude works in, on host
	host     string       // [user@]host[:port] of the machine it runs on; "" for this one
	worktree *tabWorktree // set when dir is a git worktree gclaude made for the tab
	// model and mode are the launch values, shown until the CLI reports its own.
	model, mode string
	// resume is the conversation the tab continues when it first opens.
	resume ResumeOptions
	// initialPrompt is sent as soon as the tab opens (the launch tab's prompt argument).
	initialPrompt string
	// setup is the workspace settings' command run in a new worktree before its claude
	// starts (once; "" for none).
	setup string
	// sessionFiles overrides where the CLI keeps dir's conversations ("": the default).
	sessionFiles string
	// launch: dir is the folder gclaude was started in, where a No to the trust
	// question leaves gclaude (trust_gate.go).
	launch bool
	// trusted: the user trusted dir in this gclaude without it being written to
	// Claude Code's record (trust_gate.go).
	trusted bool
}

// tabWorktree is the git worktree a tab works in, as /open --worktree made it.
type tabWorktree struct {
	Repo   string // the main checkout's root
	Path   string
	Branch string
	Base   string // the commit it was branched from: /diff compares with it
}

// launchPlace is the launch tab's place: the folder and flags gclaude started with.
func launchPlace(o Options) tabPlace {
	return tabPlace{dir: o.CWD, model: o.Model, mode: o.PermissionMode, resume: o.Resume,
		initialPrompt: o.InitialPrompt, sessionFiles: o.SessionFilesDir, launch: true}
}
