package themes

import (
	"fmt"
	"strings"
)

// Kind selects a palette.
type Kind int

const (
	// Dark is for terminals with a dark background.
	Dark Kind = iota
	// Light is for terminals with a light background.
	Light
	// Mono uses no colour at all (NO_COLOR); emphasis comes from bold,
	// italic, faint and reverse video only.
	Mono
)

func (k Kind) String() string {
	switch k {
	case Dark:
		return "dark"
	case Light:
		return "light"
	case Mono:
		return "mono"
	default:
		return fmt.Sprintf("Kind(%d)", int(k))
	}
}

// Theme values accepted by the --theme flag.
const (
	ThemeAuto  = "auto"
	ThemeDark  = "dark"
	ThemeLight = "light"
)

// Detect picks the palette from a --theme value ("auto", "dark", "light";
// empty means auto), whether the terminal reported a dark background, and
// the environment (NO_COLOR set to any non-empty value wins over everything,
// see https://no-color.org). getenv is usually os.Getenv; nil means an empty
// environment.
func Detect(theme string, darkBackground bool, getenv func(string) string) (Kind, error) {
	if getenv != nil && getenv("NO_COLOR") != "" {
		if _, err := parseTheme(theme); err != nil {
			return Mono, err
		}
		return Mono, nil
	}
	t, err := parseTheme(theme)
	if err != nil {
		return Dark, err
	}
	switch t {
	case ThemeDark:
		return Dark, nil
	case ThemeLight:
		return Light, nil
	}
	if darkBackground {
		return Dark, nil
	}
	return Light, nil
}

func parseTheme(theme string) (string, error) {
	t := strings.ToLower(strings.TrimSpace(theme))
	switch t {
	case "", ThemeAuto:
		return ThemeAuto, nil
	case ThemeDark, ThemeLight:
		return t, nil
	}
	return "", fmt.Errorf("unknown theme %q (want auto, dark or light)", theme)
}
