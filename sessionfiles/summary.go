package sessionfiles

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"
	"time"
)

// Summary describes one session for a picker.
type Summary struct {
	ID    string
	Title string // one line: the rename title, else the first prompt (see titles.title)
	// LastActivity is the newest timestamp in the file (the file's modification
	// time when it has none).
	LastActivity time.Time
	// MessageCount counts the conversation's messages: the user's prompts and
	// commands, and the assistant's replies (one per API message, however many
	// lines it took) in the conversation Load shows. Tool results, system
	// reminders and command output are not messages.
	MessageCount int
	Model        string // of the last assistant reply
	Path         string
}

// List summarises every session in a project folder (see Dir), newest first.
// Sessions without a single message are left out. A folder that does not exist
// holds no sessions. Files that cannot be read are left out and named in the
// error, which comes with the summaries of the others.
func List(dir string) ([]Summary, error) {
	des, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var paths []string
	for _, de := range des {
		if de.Type().IsRegular() && strings.HasSuffix(de.Name(), ".jsonl") {
			paths = append(paths, filepath.Join(dir, de.Name()))
		}
	}

	results := make([]Summary, len(paths))
	errs := make([]error, len(paths))
	work := make(chan int)
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(paths)) {
		wg.Go(func() {
			for i := range work {
				results[i], errs[i] = summarize(paths[i])
			}
		})
	}
	for i := range paths {
		work <- i
	}
	close(work)
	wg.Wait()

	out := make([]Summary, 0, len(paths))
	for i, s := range results {
		if errs[i] == nil && s.MessageCount > 0 {
			out = append(out, s)
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if !out[i].LastActivity.Equal(out[j].LastActivity) {
			return out[i].LastActivity.After(out[j].LastActivity)
		}
		return out[i].ID < out[j].ID
	})
	return out, errors.Join(errs...)
}

// Latest is the session --continue resumes: the newest in the folder.
func Latest(dir string) (Summary, bool, error) {
	list, err := List(dir)
	if len(list) == 0 {
		return Summary{}, false, err
	}
	return list[0], true, err
}

// summarize reads one session file for its Summary. It skims every line (the
// message count needs them all) and decodes only the few small values it uses.
func summarize(path string) (Summary, error) {
	f, err := os.Open(path)
	if err != nil {
		return Summary{}, err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return Summary{}, err
	}
	id := strings.TrimSuffix(filepath.Base(path), ".jsonl")
	var (
		t        titles
		nodes    []*node
		latest   time.Time
		lastTime string
	)
	err = eachLine(f, func(_ int, line []byte, _ bool) error {
		h, err := skimHead(line)
		if err != nil || h.sidechain {
			return nil // Load reports bad lines; a summary does without them
		}
		t.note(&h)
		if h.timestamp != "" && h.timestamp != lastTime {
			lastTime = h.timestamp
			if ts := parseTime(h.timestamp); ts.After(latest) {
				latest = ts
			}
		}
		if h.uuid == "" {
			return nil
		}
		n := &node{head: h, index: len(nodes)}
		switch h.typ {
		case "user":
			if !h.meta && !h.compactSummary {
				n.toolResult, n.userMessage = userContent(skimMessage(h.message).content, &t)
			}
		case "assistant":
			m := skimMessage(h.message)
			n.messageID, n.model = m.id, m.model
		}
		n.message, n.toolUseResult, n.content = nil, nil, nil // they point into the line
		nodes = append(nodes, n)
		return nil
	})
	if err != nil {
		return Summary{}, fmt.Errorf("read %s: %w", path, err)
	}

	s := Summary{ID: id, Title: t.title(id), LastActivity: latest, Path: path}
	if latest.IsZero() {
		s.LastActivity = info.ModTime()
	}
	lastMsg := ""
	for _, n := range conversation(nodes) {
		switch {
		case n.userMessage:
			s.MessageCount++
		case n.typ == "assistant":
			if n.messageID == "" || n.messageID != lastMsg {
				s.MessageCount++
			}
			lastMsg = n.messageID
			if n.model != "" && n.model != syntheticModel {
				s.Model = n.model
			}
		}
	}
	return s, nil
}

// userContent classifies a user message's raw content without decoding tool results
// (which can be large). message is true when it holds a prompt, an image or a
// command. Title candidates are noted in t.
func userContent(content []byte, t *titles) (toolResult, message bool) {
	if len(content) == 0 {
		return false, false
	}
	noteText := func(s string) {
		kind, text := classifyText(s)
		t.noteUserText(kind, text)
		if kind == textPrompt || kind == textCommand {
			message = true
		}
	}
	if content[0] == '"' {
		noteText(rawString(content))
		return false, message
	}
	_ = elements(content, func(block []byte) bool {
		var typ string
		var text []byte
		_ = members(block, func(k, v []byte) bool {
			switch string(k) {
			case "type":
				typ = rawString(v)
			case "text":
				text = v
			}
			return true
		})
		switch typ {
		case "text":
			noteText(rawString(text))
		case "image":
			message = true
		case "tool_result":
			toolResult = true
		}
		return true
	})
	return toolResult, message
}
