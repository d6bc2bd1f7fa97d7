package fakeapi

// demoSessionsText is the tour's step 7: the workspace, which no other step shows.
const demoSessionsText = `## Several sessions at once

One gclaude holds several claude sessions, each with its own conversation, in a folder or a git worktree of its own:

- **/open** starts another session here and brings it to the front (‵/open some/folder‵, or ‵/open --worktree NAME‵ for a new git worktree).
- **alt+.** and **alt+,** switch between them; **alt+s** (‵/sessions‵) lists them with what each is doing: working, waiting for you, idle.
- A question or a permission that a session in the background waits on never takes your keyboard: the window title counts it, and **alt+i** (‵/inbox‵) answers it where you are.
- **/fork** copies this conversation into a session that works on in the background; **/branch** copies it into one in front.

Try it: type **/open** now, then **alt+s** to see both sessions, and **/close** to end one.`
