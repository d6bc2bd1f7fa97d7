package themes

import "charm.land/lipgloss/v2"

// New builds the Styles for a palette kind. Unknown kinds get Dark.
func New(kind Kind) *Styles {
	var p Palette
	switch kind {
	case Light:
		p = lightPalette()
	case Mono:
		p = monoPalette()
	default:
		kind = Dark
		p = darkPalette()
	}
	s := &Styles{Kind: kind, Palette: p, Icons: defaultIcons()}
	base := lipgloss.NewStyle()

	s.Text = base.Foreground(p.Text)
	s.Muted = base.Foreground(p.Muted)
	s.Subtle = base.Foreground(p.Subtle)
	s.Accent = base.Foreground(p.Primary).Bold(true)
	s.Bold = base.Bold(true)
	s.Italic = base.Italic(true)
	s.Link = base.Foreground(p.Info).Underline(true)
	s.Rule = base.Foreground(p.Border)
	s.Spinner = base.Foreground(p.Primary)
	s.Selection = base.Foreground(p.SelectionFg).Background(p.SelectionBg)

	s.Transcript = TranscriptStyles{
		UserPromptIcon: base.Foreground(p.Primary).Bold(true),
		UserPrompt:     base.Foreground(p.Text).Bold(true),
		AssistantIcon:  base.Foreground(p.Text),
		Assistant:      base.Foreground(p.Text),
		ThinkingHeader: base.Foreground(p.Muted).Italic(true),
		ThinkingBody:   base.Foreground(p.Muted).Italic(true),
		Footer:         base.Foreground(p.Subtle),
		FooterError:    base.Foreground(p.Error),
		Interrupted:    base.Foreground(p.Warning),
	}

	s.Tool = ToolStyles{
		Name:       base.Foreground(p.Text).Bold(true),
		Arg:        base.Foreground(p.Text),
		Detail:     base.Foreground(p.Muted),
		Elapsed:    base.Foreground(p.Subtle),
		Connector:  base.Foreground(p.Subtle),
		Body:       base.Foreground(p.Muted),
		Error:      base.Foreground(p.Error),
		Truncated:  base.Foreground(p.Subtle).Italic(true),
		Label:      base.Foreground(p.Secondary).Bold(true),
		Answer:     base.Foreground(p.Text).Bold(true),
		MCPServer:  base.Foreground(p.Secondary),
		TaskStatus: base.Foreground(p.Info),

		IconPending:     base.Foreground(p.Subtle),
		IconRunning:     base.Foreground(p.Primary),
		IconWaiting:     base.Foreground(p.Warning).Bold(true),
		IconDone:        base.Foreground(p.Success),
		IconFailed:      base.Foreground(p.Error).Bold(true),
		IconDenied:      base.Foreground(p.Error),
		IconInterrupted: base.Foreground(p.Warning),

		TodoPending: base.Foreground(p.Muted),
		TodoActive:  base.Foreground(p.Primary).Bold(true),
		TodoDone:    base.Foreground(p.Subtle).Strikethrough(true),
	}

	s.Notice = NoticeStyles{
		InfoIcon:    base.Foreground(p.Info).Bold(true),
		Info:        base.Foreground(p.Muted),
		WarningIcon: base.Foreground(p.Warning).Bold(true),
		Warning:     base.Foreground(p.Warning),
		ErrorIcon:   base.Foreground(p.Error).Bold(true),
		Error:       base.Foreground(p.Error),
	}

	s.Diff = DiffStyles{
		Path:             base.Foreground(p.Text).Bold(true),
		Added:            base.Foreground(p.Success),
		Removed:          base.Foreground(p.Error),
		Hunk:             base.Foreground(p.DiffHunkFg),
		LineNumber:       base.Foreground(p.DiffLineNumberFg),
		LineNumberAdd:    base.Foreground(p.DiffLineNumberFg).Background(p.DiffAddLineNumBg),
		LineNumberRemove: base.Foreground(p.DiffLineNumberFg).Background(p.DiffRemoveLineNumBg),
		Context:          base.Foreground(p.DiffContextFg),
		Add:              base.Foreground(p.DiffAddFg).Background(p.DiffAddBg),
		Remove:           base.Foreground(p.DiffRemoveFg).Background(p.DiffRemoveBg),
		AddChanged:       base.Foreground(p.DiffAddFg).Background(p.DiffAddChangedBg),
		RemoveChanged:    base.Foreground(p.DiffRemoveFg).Background(p.DiffRemoveChangedBg),
		NoNewline:        base.Foreground(p.Subtle).Italic(true),
	}

	s.Status = StatusStyles{
		Bar:     base.Foreground(p.StatusBarFg).Background(p.StatusBarBg),
		Segment: base.Foreground(p.StatusBarFg).Background(p.StatusBarBg).Padding(0, 1),
		Accent:  base.Foreground(p.StatusAccentFg).Background(p.StatusAccentBg).Bold(true).Padding(0, 1),
		Key:     base.Foreground(p.Subtle).Background(p.StatusBarBg),
		Value:   base.Foreground(p.Text).Background(p.StatusBarBg),
		Divider: base.Foreground(p.Border).Background(p.StatusBarBg),
		Error:   base.Foreground(p.Error).Background(p.StatusBarBg).Bold(true),
		Warning: base.Foreground(p.Warning).Background(p.StatusBarBg),
		Success: base.Foreground(p.Success).Background(p.StatusBarBg),
	}

	s.Help = HelpStyles{
		Key:       base.Foreground(p.Muted).Bold(true),
		Desc:      base.Foreground(p.Subtle),
		Separator: base.Foreground(p.Border),
		Title:     base.Foreground(p.Primary).Bold(true),
	}

	box := base.Border(lipgloss.RoundedBorder()).Padding(0, 1)
	s.Dialog = DialogStyles{
		Box:            box.BorderForeground(p.Primary),
		BoxDanger:      box.BorderForeground(p.Error),
		Title:          base.Foreground(p.Primary).Bold(true),
		Body:           base.Foreground(p.Text),
		Hint:           base.Foreground(p.Subtle),
		Button:         base.Foreground(p.ButtonFg).Background(p.ButtonBg).Padding(0, 2),
		ButtonFocused:  base.Foreground(p.ButtonFocusedFg).Background(p.ButtonFocusedBg).Bold(true).Padding(0, 2),
		Choice:         base.Foreground(p.Text),
		ChoiceSelected: base.Foreground(p.Primary).Bold(true),
		ChoiceCursor:   base.Foreground(p.Primary).Bold(true),
		Description:    base.Foreground(p.Muted),
	}

	s.Input = InputStyles{
		Prompt:        base.Foreground(p.Primary).Bold(true),
		Placeholder:   base.Foreground(p.Subtle),
		Border:        base.Border(lipgloss.RoundedBorder()).BorderForeground(p.Border),
		BorderFocused: base.Border(lipgloss.RoundedBorder()).BorderForeground(p.Primary),
	}

	s.Search = SearchStyles{
		Match:   base.Foreground(p.SearchMatchFg).Background(p.SearchMatchBg),
		Current: base.Foreground(p.SearchCurrentFg).Background(p.SearchCurrentBg).Bold(true),
	}

	if kind == Mono {
		monoEmphasis(s)
	}
	s.Markdown = markdownStyle(p, kind)
	return s
}

// monoEmphasis replaces what colour said with attributes, for NO_COLOR.
func monoEmphasis(s *Styles) {
	base := lipgloss.NewStyle()
	s.Muted = base
	s.Subtle = base.Faint(true)
	s.Selection = base.Reverse(true)
	s.Search.Match = base.Underline(true)
	s.Search.Current = base.Reverse(true).Bold(true)
	s.Dialog.ButtonFocused = s.Dialog.ButtonFocused.Reverse(true)
	s.Dialog.ChoiceSelected = base.Bold(true).Underline(true)
	s.Status.Accent = s.Status.Accent.Reverse(true)
	s.Diff.Add = base
	s.Diff.Remove = base
	s.Diff.AddChanged = base.Underline(true)
	s.Diff.RemoveChanged = base.Underline(true)
	s.Diff.LineNumber = base.Faint(true)
	s.Diff.LineNumberAdd = base.Faint(true)
	s.Diff.LineNumberRemove = base.Faint(true)
	s.Tool.Body = base
	s.Tool.Error = base.Bold(true)
	s.Tool.IconWaiting = base.Bold(true).Blink(false)
	s.Transcript.Footer = base.Faint(true)
	s.Notice.Error = base.Bold(true)
}

func defaultIcons() Icons {
	return Icons{
		UserPrompt:    "❯",
		Assistant:     "●",
		Thinking:      "∴",
		Pending:       "○",
		Waiting:       "◇",
		Done:          "✓",
		Failed:        "✗",
		Denied:        "⊘",
		Interrupted:   "■",
		Connector:     "⎿",
		Info:          "•",
		Warning:       "⚠",
		Error:         "✗",
		Retry:         "↻",
		TodoPending:   "☐",
		TodoActive:    "◐",
		TodoDone:      "☑",
		Ellipsis:      "…",
		ArrowRight:    "→",
		SelectCursor:  "❯",
		CheckboxOn:    "[x]",
		CheckboxOff:   "[ ]",
		Bullet:        "•",
		StatusDivider: "│",
	}
}
