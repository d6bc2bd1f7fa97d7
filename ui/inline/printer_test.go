package inline

import (
	"reflect"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/themes"
)

// fakeTranscript is a list of one-line items; the first settled ones are final.
type fakeTranscript struct {
	items   []string
	settled int
}

func (f *fakeTranscript) Len() int             { return len(f.items) }
func (f *fakeTranscript) Settled(from int) int { return max(from, f.settled) }
func (f *fakeTranscript) Hidden(int) bool      { return false }
func (f *fakeTranscript) Scrollback(from, to int, _ string) func() string {
	text := strings.Join(f.items[from:to], "\n")
	return func() string { return text }
}
func (f *fakeTranscript) StreamingStable(int) (string, bool) { return "", false }
func (f *fakeTranscript) LiveView(from, rows int, _ string) string {
	live := f.items[min(from, len(f.items)):]
	return strings.Join(live[max(0, len(live)-rows):], "\n")
}

// driver runs the printer's Cmds the way Bubble Tea does and records the prints.
type driver struct {
	t       *testing.T
	p       Printer
	env     Env
	printed []string
	timers  []func(time.Time) tea.Msg
	quit    bool
}

func newDriver(t *testing.T, tr *fakeTranscript) *driver {
	d := &driver{t: t}
	d.env = Env{Transcript: tr, Styles: themes.New(themes.Mono), Project: "proj", Width: 40, Height: 12}
	d.env.After = func(_ time.Duration, fn func(time.Time) tea.Msg) tea.Cmd {
		d.timers = append(d.timers, fn)
		return nil
	}
	return d
}

func (d *driver) run(cmd tea.Cmd) {
	if cmd == nil {
		return
	}
	switch msg := cmd().(type) {
	case nil:
	case tea.BatchMsg:
		for _, c := range msg {
			d.run(c)
		}
	case tea.QuitMsg:
		d.quit = true
	case PrintedMsg:
		d.run(d.p.Printed(d.env))
	case RenderedMsg:
		d.run(d.p.Rendered(msg, d.env))
	case RetryMsg:
		d.run(d.p.Retry(d.env))
	default:
		// Bubble Tea's messages for tea.Sequence and tea.Println are unexported.
		v := reflect.ValueOf(msg)
		switch v.Type().String() {
		case "tea.sequenceMsg":
			for i := range v.Len() {
				d.run(v.Index(i).Interface().(tea.Cmd))
			}
		case "tea.printLineMessage":
			d.printed = append(d.printed, v.FieldByName("messageBody").String())
		default:
			d.t.Fatalf("unexpected message %T", msg)
		}
	}
}

func (d *driver) text() string { return strings.Join(d.printed, "\n") }

// The banner comes first, settled items follow once each and in order, every chunk
// fits the reserve, and the live part shows only what is not printed.
func TestPrintsSettledItemsOnceInChunks(t *testing.T) {
	tr := &fakeTranscript{}
	for i := range 20 {
		tr.items = append(tr.items, "item "+strings.Repeat("x", i))
	}
	d := newDriver(t, tr)
	d.run(d.p.PrintSettled(d.env))
	if !strings.Contains(d.text(), "✻ gclaude") || !strings.Contains(d.text(), "proj") {
		t.Fatalf("no banner: %q", d.printed)
	}
	tr.settled = 15
	d.run(d.p.PrintSettled(d.env))
	d.run(d.p.PrintSettled(d.env))
	got := d.text()
	for i := range 15 {
		if n := strings.Count(got+"\n", "item "+strings.Repeat("x", i)+"\n"); n != 1 {
			t.Fatalf("item %d printed %d times: %q", i, n, got)
		}
	}
	if strings.Contains(got, "item "+strings.Repeat("x", 15)) {
		t.Fatal("an unsettled item was printed")
	}
	for _, chunk := range d.printed {
		rows := 0
		for _, l := range strings.Split(chunk, "\n") {
			_, r := SoftWrapSafe(l, d.env.Width)
			rows += r
		}
		if rows > Reserve(d.env.Height) && strings.Contains(chunk, "\n") {
			t.Fatalf("a chunk of %d rows exceeds the reserve of %d", rows, Reserve(d.env.Height))
		}
	}
	live := strings.Join(d.p.Live(tr, 10), "\n")
	if strings.Contains(live, "item "+strings.Repeat("x", 14)+"\n") || !strings.Contains(live, "item "+strings.Repeat("x", 19)) {
		t.Fatalf("live part:\n%s", live)
	}
	if d.p.LiveRows() != 1+5 {
		t.Fatalf("LiveRows = %d, want the gap and 5 items", d.p.LiveRows())
	}
}

// Nothing is printed while a full-screen view is open; after it closes, printing
// waits a frame (the terminal may still be on the alternate screen).
func TestPrintingWaitsForFullScreenViews(t *testing.T) {
	tr := &fakeTranscript{items: []string{"one"}, settled: 1}
	d := newDriver(t, tr)
	d.env.FullScreen = true
	d.p.Drawn(true)
	d.run(d.p.PrintSettled(d.env))
	if len(d.printed) != 0 {
		t.Fatalf("printed under a full-screen view: %q", d.printed)
	}
	d.env.FullScreen = false
	d.run(d.p.PrintSettled(d.env))
	if len(d.printed) != 0 || len(d.timers) != 1 {
		t.Fatalf("printed %q with %d retries scheduled, want a retry a frame later", d.printed, len(d.timers))
	}
	d.p.Drawn(false)
	d.run(func() tea.Msg { return d.timers[0](time.Now()) })
	if !strings.Contains(d.text(), "one") {
		t.Fatalf("nothing printed after the full-screen view closed: %q", d.printed)
	}
}

// Once the session is closed the program quits, but only after the last chunk, and
// every item is printed then, settled or not.
func TestSessionClosedQuitsWhenAllIsPrinted(t *testing.T) {
	tr := &fakeTranscript{items: []string{"one", "still streaming"}, settled: 1}
	d := newDriver(t, tr)
	d.env.Quitting = true
	d.run(d.p.SessionClosed(d.env))
	if !d.quit || !strings.Contains(d.text(), "still streaming") || !d.p.Done() {
		t.Fatalf("quit %v done %v printed %q", d.quit, d.p.Done(), d.printed)
	}
}

// After /clear the new conversation opens with the banner again, from its first item.
func TestNewTranscriptStartsOver(t *testing.T) {
	tr := &fakeTranscript{items: []string{"old"}, settled: 1}
	d := newDriver(t, tr)
	d.run(d.p.PrintSettled(d.env))
	d.p.NewTranscript()
	*tr = fakeTranscript{items: []string{"new"}, settled: 1}
	d.run(d.p.PrintSettled(d.env))
	got := d.text()
	if strings.Count(got, "✻ gclaude") != 2 || strings.Index(got, "old") > strings.Index(got, "new") {
		t.Fatalf("printed %q", got)
	}
}

func TestSoftWrapSafe(t *testing.T) {
	for _, tc := range []struct {
		line  string
		width int
		rows  int
		added bool
	}{
		{"", 10, 1, false},
		{"abc", 10, 1, false},
		{strings.Repeat("a", 10), 10, 2, true},
		{strings.Repeat("a", 11), 10, 2, false},
		{strings.Repeat("a", 20), 10, 3, true},
	} {
		got, rows := SoftWrapSafe(tc.line, tc.width)
		if rows != tc.rows || (got != tc.line) != tc.added {
			t.Errorf("SoftWrapSafe(%d cells, %d) = %d rows, added %v", len(tc.line), tc.width, rows, got != tc.line)
		}
	}
}
