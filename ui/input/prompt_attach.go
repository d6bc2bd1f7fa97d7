package input

import (
	"encoding/base64"
	"errors"
	"fmt"
	"io/fs"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/protocol"
)

// Images reach a prompt by pasting the path of an image file: terminals paste text,
// so an image copied to the clipboard cannot be pasted without OS tools (pngpaste,
// wl-paste, xclip), which gclaude does not run. The file is read in a Cmd and shown
// in the draft as a chip, "[image 1]", that backspace removes whole.

// maxImageBytes keeps an image within the API's 5 MB limit once base64-encoded.
const maxImageBytes = 5 * 1024 * 1024 / 4 * 3

// imageExts are the file types the API accepts.
var imageExts = map[string]bool{".png": true, ".jpg": true, ".jpeg": true, ".gif": true, ".webp": true}

// imageTypes are the media types content sniffing must find.
var imageTypes = map[string]bool{"image/png": true, "image/jpeg": true, "image/gif": true, "image/webp": true}

// attachment is an image waiting in the draft.
type attachment struct {
	n      int // the number on its chip
	path   string
	source protocol.ImageSource
}

// attachState is the draft's images.
type attachState struct {
	items []attachment
	last  int // the number of the last chip
}

// chipRE matches a chip at the end of the text before the cursor.
var chipRE = regexp.MustCompile(`\[image (\d+)\]$`)

// anyImageChipRE matches an image chip anywhere.
var anyImageChipRE = regexp.MustCompile(`\[image (\d+)\]`)

func chip(n int) string { return fmt.Sprintf("[image %d]", n) }

// imagePath recognises a paste that is the path of one image file, as terminals
// paste a dragged file: possibly quoted, backslash-escaped or a file:// URL. It
// only looks at the text; the file is checked in a Cmd.
func imagePath(paste, cwd, home string) (string, bool) {
	p := strings.TrimSpace(paste)
	if p == "" || strings.ContainsAny(p, "\n\r") {
		return "", false
	}
	if len(p) >= 2 && (p[0] == '\'' || p[0] == '"') && p[len(p)-1] == p[0] {
		p = p[1 : len(p)-1]
	} else if strings.HasPrefix(p, "file://") {
		u, err := url.Parse(p)
		if err != nil || (u.Host != "" && u.Host != "localhost") {
			return "", false
		}
		p = u.Path
	} else {
		p = unescapeShell(p)
	}
	if !imageExts[strings.ToLower(filepath.Ext(p))] {
		return "", false
	}
	if rest, ok := strings.CutPrefix(p, "~/"); ok && home != "" {
		p = filepath.Join(home, rest)
	}
	if !filepath.IsAbs(p) {
		if cwd == "" {
			return "", false
		}
		p = filepath.Join(cwd, p)
	}
	return filepath.Clean(p), true
}

// unescapeShell undoes the backslash escapes terminals put before spaces and other
// special characters of a dropped path.
func unescapeShell(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	escaped := false
	for _, r := range s {
		if r == '\\' && !escaped {
			escaped = true
			continue
		}
		escaped = false
		b.WriteRune(r)
	}
	return b.String()
}

// pasteImage attaches a pasted image path; ok is false when the paste is not one.
func (p *Prompt) pasteImage(paste string) (tea.Cmd, bool) {
	proj := p.env.Project()
	path, ok := imagePath(paste, proj.Dir, proj.Home)
	if !ok {
		return nil, false
	}
	return func() tea.Msg {
		src, err := readImage(path)
		return imageReadMsg{paste: paste, path: path, source: src, err: err}
	}, true
}

// errNoFile means the pasted text only looked like an image path.
var errNoFile = errors.New("no such file")

// readImage reads an image file for the API.
func readImage(path string) (protocol.ImageSource, error) {
	info, err := os.Stat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return protocol.ImageSource{}, errNoFile
	case err != nil:
		return protocol.ImageSource{}, err
	case !info.Mode().IsRegular():
		return protocol.ImageSource{}, errNoFile
	case info.Size() > maxImageBytes:
		return protocol.ImageSource{}, fmt.Errorf("it is %.1f MB; images can be at most %.1f MB", mb(info.Size()), mb(maxImageBytes))
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return protocol.ImageSource{}, err
	}
	mediaType := http.DetectContentType(data)
	if !imageTypes[mediaType] {
		return protocol.ImageSource{}, fmt.Errorf("it is not a PNG, JPEG, GIF or WebP image (%s)", mediaType)
	}
	return protocol.ImageSource{Type: "base64", MediaType: mediaType, Data: base64.StdEncoding.EncodeToString(data)}, nil
}

func mb(n int64) float64 { return float64(n) / (1024 * 1024) }

// imageReadMsg delivers a pasted image, or why it could not be attached.
type imageReadMsg struct {
	paste  string
	path   string
	source protocol.ImageSource
	err    error
}

func (msg imageReadMsg) update(p *Prompt) (Action, tea.Cmd) {
	if msg.err != nil {
		var notice Action
		if !errors.Is(msg.err, errNoFile) {
			notice = Notice{Text: fmt.Sprintf("%s was not attached: %v", msg.path, msg.err)}
		}
		// What was pasted stays in the draft, as text.
		p.editor.InsertString(msg.paste)
		p.afterEdit()
		return notice, nil
	}
	p.pruneImages()
	p.attach.last++
	n := p.attach.last
	p.attach.items = append(p.attach.items, attachment{n: n, path: msg.path, source: msg.source})
	text := chip(n) + " "
	if before := p.editor.BeforeCursor(); before != "" && !strings.HasSuffix(before, " ") {
		text = " " + text
	}
	p.editor.InsertString(text)
	p.afterEdit()
	return nil, nil
}

// removeChip deletes an image chip just before the cursor, with its image; ok is
// false when there is none (backspace then deletes a character as usual).
func (p *Prompt) removeChip() bool {
	match := chipRE.FindStringSubmatch(p.editor.BeforeCursor())
	if match == nil {
		return false
	}
	n, _ := strconv.Atoi(match[1])
	i := p.attachmentIndex(n)
	if i < 0 {
		return false // typed text that looks like a chip
	}
	p.attach.items = append(p.attach.items[:i], p.attach.items[i+1:]...)
	p.editor.ReplaceBeforeCursor(len([]rune(match[0])), "")
	p.afterEdit()
	return true
}

func (p *Prompt) attachmentIndex(n int) int {
	for i, a := range p.attach.items {
		if a.n == n {
			return i
		}
	}
	return -1
}

// takeImages hands over the images whose chips are still in the prompt text, in
// the order of their chips, and empties the draft's attachments.
func (p *Prompt) takeImages(text string) []protocol.ImageSource {
	items := p.attach.items
	p.attach = attachState{}
	type at struct {
		pos int
		src protocol.ImageSource
	}
	var found []at
	for _, a := range items {
		if pos := strings.Index(text, chip(a.n)); pos >= 0 {
			found = append(found, at{pos, a.source})
		}
	}
	if len(found) == 0 {
		return nil
	}
	slices.SortFunc(found, func(a, b at) int { return a.pos - b.pos })
	out := make([]protocol.ImageSource, len(found))
	for i, f := range found {
		out[i] = f.src
	}
	return out
}

// pruneImages drops the images whose chips are no longer in the draft (deleted, or
// the draft was cleared); with none left, chips are numbered from 1 again.
func (p *Prompt) pruneImages() {
	draft := p.editor.Value()
	kept := p.attach.items[:0]
	for _, a := range p.attach.items {
		if strings.Contains(draft, chip(a.n)) {
			kept = append(kept, a)
		}
	}
	p.attach.items = kept
	if len(kept) == 0 {
		p.attach.last = 0
	}
}
