package sessionfiles

// titles collects the candidates for a session's title while its lines are read.
type titles struct {
	custom, ai, summary   string // the last of each entry type wins
	firstPrompt, firstCmd string
}

// note records the title entries among a line's head.
func (t *titles) note(h *head) {
	switch h.typ {
	case "custom-title":
		if h.customTitle != "" {
			t.custom = h.customTitle
		}
	case "ai-title":
		if h.aiTitle != "" {
			t.ai = h.aiTitle
		}
	case "summary":
		if h.summary != "" {
			t.summary = h.summary
		}
	}
}

// noteUserText records a classified user text.
func (t *titles) noteUserText(kind textKind, text string) {
	switch {
	case kind == textPrompt && t.firstPrompt == "":
		t.firstPrompt = text
	case kind == textCommand && t.firstCmd == "":
		t.firstCmd = text
	}
}

// title picks, like the CLI's resume list: the title set with rename, the title
// the CLI generated, an old-style summary, the first prompt, the first command, and
// last the start of the session id. It is one line.
func (t *titles) title(sessionID string) string {
	for _, s := range []string{t.custom, t.ai, t.summary, t.firstPrompt, t.firstCmd} {
		if s := titleLine(s); s != "" {
			return s
		}
	}
	if len(sessionID) > 8 {
		return sessionID[:8]
	}
	return sessionID
}
