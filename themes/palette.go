package themes

import (
	"image/color"

	"charm.land/lipgloss/v2"
)

// Palette names every colour the app uses by its meaning, never by its hue.
// In the Mono palette every entry is lipgloss.NoColor.
type Palette struct {
	Primary   color.Color // brand accent: user prompt bar, focused borders, spinner
	Secondary color.Color // second accent: tool names, links, headings
	Text      color.Color // body text
	Muted     color.Color // secondary text: descriptions, paths, thinking
	Subtle    color.Color // least important text: hints, separators, line numbers
	Border    color.Color // unfocused borders and rules

	Error   color.Color
	Warning color.Color
	Success color.Color
	Info    color.Color

	SelectionBg color.Color // selected list item / choice background
	SelectionFg color.Color

	SearchMatchBg   color.Color // every search hit
	SearchMatchFg   color.Color
	SearchCurrentBg color.Color // the hit the cursor is on
	SearchCurrentFg color.Color

	DiffAddFg           color.Color
	DiffAddBg           color.Color
	DiffRemoveFg        color.Color
	DiffRemoveBg        color.Color
	DiffContextFg       color.Color
	DiffLineNumberFg    color.Color
	DiffAddLineNumBg    color.Color
	DiffRemoveLineNumBg color.Color
	DiffHunkFg          color.Color
	// The part of a changed line that differs from the line it replaced.
	DiffAddChangedBg    color.Color
	DiffRemoveChangedBg color.Color

	StatusBarBg    color.Color // status bar background and its accent segment
	StatusBarFg    color.Color
	StatusAccentBg color.Color
	StatusAccentFg color.Color

	ButtonBg        color.Color
	ButtonFg        color.Color
	ButtonFocusedBg color.Color
	ButtonFocusedFg color.Color

	CodeFg color.Color // inline `code`
	CodeBg color.Color

	// Syntax colours for fenced code blocks.
	SyntaxKeyword  color.Color
	SyntaxString   color.Color
	SyntaxNumber   color.Color
	SyntaxComment  color.Color
	SyntaxFunction color.Color
	SyntaxType     color.Color
	SyntaxOperator color.Color
}

func hex(s string) color.Color { return lipgloss.Color(s) }

func darkPalette() Palette {
	return Palette{
		Primary:   hex("#D97757"),
		Secondary: hex("#8B9CF7"),
		Text:      hex("#E4E4E7"),
		Muted:     hex("#A1A1AA"),
		Subtle:    hex("#71717A"),
		Border:    hex("#52525B"),

		Error:   hex("#F87171"),
		Warning: hex("#FBBF24"),
		Success: hex("#4ADE80"),
		Info:    hex("#60A5FA"),

		SelectionBg: hex("#3B3F5C"),
		SelectionFg: hex("#F4F4F5"),

		SearchMatchBg:   hex("#854D0E"),
		SearchMatchFg:   hex("#FEF3C7"),
		SearchCurrentBg: hex("#F59E0B"),
		SearchCurrentFg: hex("#1C1917"),

		DiffAddFg:           hex("#BBF7D0"),
		DiffAddBg:           hex("#1A3326"),
		DiffRemoveFg:        hex("#FECACA"),
		DiffRemoveBg:        hex("#3F1D22"),
		DiffContextFg:       hex("#A1A1AA"),
		DiffLineNumberFg:    hex("#71717A"),
		DiffAddLineNumBg:    hex("#14291E"),
		DiffRemoveLineNumBg: hex("#33171B"),
		DiffHunkFg:          hex("#8B9CF7"),
		DiffAddChangedBg:    hex("#2A5C3F"),
		DiffRemoveChangedBg: hex("#6B2A33"),

		StatusBarBg:    hex("#27272A"),
		StatusBarFg:    hex("#A1A1AA"),
		StatusAccentBg: hex("#D97757"),
		StatusAccentFg: hex("#18181B"),

		ButtonBg:        hex("#3F3F46"),
		ButtonFg:        hex("#E4E4E7"),
		ButtonFocusedBg: hex("#D97757"),
		ButtonFocusedFg: hex("#18181B"),

		CodeFg: hex("#F0A58A"),
		CodeBg: hex("#303036"),

		SyntaxKeyword:  hex("#C792EA"),
		SyntaxString:   hex("#C3E88D"),
		SyntaxNumber:   hex("#F78C6C"),
		SyntaxComment:  hex("#71717A"),
		SyntaxFunction: hex("#82AAFF"),
		SyntaxType:     hex("#FFCB6B"),
		SyntaxOperator: hex("#89DDFF"),
	}
}

func lightPalette() Palette {
	return Palette{
		Primary:   hex("#C15F3C"),
		Secondary: hex("#4F46E5"),
		Text:      hex("#27272A"),
		Muted:     hex("#52525B"),
		Subtle:    hex("#8A8A93"),
		Border:    hex("#C4C4CC"),

		Error:   hex("#DC2626"),
		Warning: hex("#B45309"),
		Success: hex("#15803D"),
		Info:    hex("#2563EB"),

		SelectionBg: hex("#E0E7FF"),
		SelectionFg: hex("#1E1B4B"),

		SearchMatchBg:   hex("#FDE68A"),
		SearchMatchFg:   hex("#422006"),
		SearchCurrentBg: hex("#F59E0B"),
		SearchCurrentFg: hex("#1C1917"),

		DiffAddFg:           hex("#14532D"),
		DiffAddBg:           hex("#DCFCE7"),
		DiffRemoveFg:        hex("#7F1D1D"),
		DiffRemoveBg:        hex("#FEE2E2"),
		DiffContextFg:       hex("#52525B"),
		DiffLineNumberFg:    hex("#8A8A93"),
		DiffAddLineNumBg:    hex("#BBF7D0"),
		DiffRemoveLineNumBg: hex("#FECACA"),
		DiffHunkFg:          hex("#4F46E5"),
		DiffAddChangedBg:    hex("#86EFAC"),
		DiffRemoveChangedBg: hex("#FCA5A5"),

		StatusBarBg:    hex("#E4E4E7"),
		StatusBarFg:    hex("#3F3F46"),
		StatusAccentBg: hex("#C15F3C"),
		StatusAccentFg: hex("#FFFFFF"),

		ButtonBg:        hex("#E4E4E7"),
		ButtonFg:        hex("#27272A"),
		ButtonFocusedBg: hex("#C15F3C"),
		ButtonFocusedFg: hex("#FFFFFF"),

		CodeFg: hex("#B4411E"),
		CodeBg: hex("#F1F1F3"),

		SyntaxKeyword:  hex("#7C3AED"),
		SyntaxString:   hex("#15803D"),
		SyntaxNumber:   hex("#C2410C"),
		SyntaxComment:  hex("#8A8A93"),
		SyntaxFunction: hex("#1D4ED8"),
		SyntaxType:     hex("#A16207"),
		SyntaxOperator: hex("#0E7490"),
	}
}

func monoPalette() Palette {
	n := lipgloss.NoColor{}
	return Palette{
		Primary: n, Secondary: n, Text: n, Muted: n, Subtle: n, Border: n,
		Error: n, Warning: n, Success: n, Info: n,
		SelectionBg: n, SelectionFg: n,
		SearchMatchBg: n, SearchMatchFg: n, SearchCurrentBg: n, SearchCurrentFg: n,
		DiffAddFg: n, DiffAddBg: n, DiffRemoveFg: n, DiffRemoveBg: n, DiffContextFg: n,
		DiffLineNumberFg: n, DiffAddLineNumBg: n, DiffRemoveLineNumBg: n, DiffHunkFg: n,
		DiffAddChangedBg: n, DiffRemoveChangedBg: n,
		StatusBarBg: n, StatusBarFg: n, StatusAccentBg: n, StatusAccentFg: n,
		ButtonBg: n, ButtonFg: n, ButtonFocusedBg: n, ButtonFocusedFg: n,
		CodeFg: n, CodeBg: n,
		SyntaxKeyword: n, SyntaxString: n, SyntaxNumber: n, SyntaxComment: n,
		SyntaxFunction: n, SyntaxType: n, SyntaxOperator: n,
	}
}
