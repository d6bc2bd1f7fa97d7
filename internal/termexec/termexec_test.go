package termexec

import (
	"bytes"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
)

// syncBuffer is the program's output, read by the test while the renderer writes.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

type childDoneMsg struct{ err error }

// handoffModel runs one child as soon as it starts, then shows what came back.
type handoffModel struct {
	run  func(*exec.Cmd, tea.ExecCallback) tea.Cmd
	done bool
	err  error
}

func (m handoffModel) Init() tea.Cmd {
	return m.run(exec.Command("true"), func(err error) tea.Msg { return childDoneMsg{err} })
}

func (m handoffModel) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if d, ok := msg.(childDoneMsg); ok {
		m.done, m.err = true, d.err
	}
	return m, nil
}

func (m handoffModel) View() tea.View {
	if m.done {
		return tea.NewView("back from the child")
	}
	return tea.NewView("before the child")
}

// handoffRedraws runs a program whose first command hands the terminal to a child that
// exits at once, and reports whether the frame after the child reached the output
// while the program was still running (the final flush on quit does not count).
func handoffRedraws(t *testing.T, run func(*exec.Cmd, tea.ExecCallback) tea.Cmd) bool {
	t.Helper()
	out := &syncBuffer{}
	// A pipe for input, which Bubble Tea can cancel at once (without input it waits
	// 500 ms for a read loop that does not exist on every handoff).
	in, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	defer w.Close()
	p := tea.NewProgram(handoffModel{run: run}, tea.WithInput(in), tea.WithOutput(out), tea.WithWindowSize(80, 24), tea.WithoutSignalHandler())
	result := make(chan error, 1)
	go func() {
		_, err := p.Run()
		result <- err
	}()
	// Generous: at 60 fps the frame comes within milliseconds once the child is back;
	// a lost frame never comes.
	deadline := time.Now().Add(3 * time.Second)
	redrawn := false
	for !redrawn && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
		redrawn = strings.Contains(out.String(), "back from the child")
	}
	p.Quit()
	if err := <-result; err != nil {
		t.Fatalf("program: %v", err)
	}
	return redrawn
}

// With one P, the event loop keeps running after telling the old frame goroutine to
// stop, so with plain tea.ExecProcess that goroutine stops the ticker only after
// RestoreTerminal restarted it, nearly every time. Process must redraw every time.
func TestProcessRedrawsAfterAFastChild(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	for i := range 20 {
		if !handoffRedraws(t, Process) {
			t.Fatalf("run %d: the screen was not redrawn after the child exited", i)
		}
	}
}

// The frame goroutine's name is what Process waits on: if Bubble Tea renames it, the
// wait silently does nothing, so this test says so.
func TestFrameLoopName(t *testing.T) {
	p := tea.NewProgram(handoffModel{run: func(*exec.Cmd, tea.ExecCallback) tea.Cmd { return nil }},
		tea.WithInput(nil), tea.WithOutput(&syncBuffer{}), tea.WithoutSignalHandler())
	result := make(chan error, 1)
	go func() {
		_, err := p.Run()
		result <- err
	}()
	p.Send(childDoneMsg{}) // returns once the event loop runs, after the renderer started
	running := frameLoopRunning()
	p.Quit()
	if err := <-result; err != nil {
		t.Fatalf("program: %v", err)
	}
	if !running {
		t.Fatalf("no goroutine's stack contains %q while a program runs: Bubble Tea renamed its frame loop", frameLoop)
	}
	waitFrameLoopGone(time.Second)
	if frameLoopRunning() {
		t.Fatal("the frame loop is still running after the program quit")
	}
}

// GCLAUDE_TERMEXEC=off must give Bubble Tea's own behaviour: no wait in front of Run.
func TestSwitchOffRunsWithoutTheWait(t *testing.T) {
	c := exec.Command("true")
	if _, waits := execCommand(c, false).(*command); waits {
		t.Fatal("with the switch off the child still waits for the frame loop")
	}
	if _, waits := execCommand(c, true).(*command); !waits {
		t.Fatal("with the switch on the child does not wait for the frame loop")
	}
}
