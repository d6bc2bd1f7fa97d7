package cmd

import (
	"context"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/spf13/cobra"

	"github.com/gclaude/gclaude/internal/replay"
	"github.com/gclaude/gclaude/themes"
	"github.com/gclaude/gclaude/ui"
)

// replayFlags are `gclaude replay`'s flags.
type replayFlags struct {
	speed  float64
	paused bool
	maxGap time.Duration
	theme  string
}

// newReplayCommand is `gclaude replay FILE`: a recorded session played back in the UI.
func newReplayCommand() *cobra.Command {
	var f replayFlags
	cmd := &cobra.Command{
		Use:   "replay FILE.jsonl",
		Short: "Show a recorded stdout capture as if it were live",
		Long: `replay plays a recording of claude's stdout (one JSON object per line, as written with
--output-format stream-json) in gclaude, paced by the recording's own timing when a
FILE.timeline.tsv is next to it. Prompts and recorded answers are read from a
FILE.stdin.jsonl next to it, if there is one.

Nothing is sent anywhere: dialogs are shown as they were, read-only, and prompts cannot
be typed. Keys: space pauses and resumes, . or n plays one event, + and - change the
speed; enter after the end plays it again.`,
		Example: `  gclaude replay session.jsonl
  gclaude replay --speed 4 session.jsonl
  gclaude replay --paused session.jsonl   # step through it with . or n`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runReplay(cmd.Context(), args[0], &f)
		},
	}
	cmd.Flags().Float64Var(&f.speed, "speed", 1, "pace factor: 2 plays twice as fast, 0.5 half as fast")
	cmd.Flags().BoolVar(&f.paused, "paused", false, "start paused (space plays, . steps)")
	cmd.Flags().DurationVar(&f.maxGap, "max-gap", replay.DefaultMaxGap, "shorten longer pauses of the recording to this (0 keeps every pause)")
	cmd.Flags().StringVar(&f.theme, "theme", themes.ThemeAuto, "colours: auto (from the terminal's background), dark or light")
	return cmd
}

// runReplay opens the recording before the screen is taken over (a bad file is a plain
// error) and plays it until the user quits.
func runReplay(ctx context.Context, path string, f *replayFlags) error {
	if _, err := themes.Detect(f.theme, true, nil); err != nil {
		return fmt.Errorf("--theme: %w", err)
	}
	if !(f.speed > 0) || math.IsInf(f.speed, 0) {
		return fmt.Errorf("--speed must be a positive number, not %v", f.speed)
	}
	opts := replay.Options{Speed: f.speed, Paused: f.paused, MaxGap: f.maxGap}
	if f.maxGap <= 0 {
		opts.MaxGap = -1 // keep every pause (to replay.Options, 0 means the default)
	}
	first, err := replay.Open(path, opts)
	if err != nil {
		return err
	}
	players := &replays{path: path, opts: opts, last: first}
	players.all.add(first)
	defer players.all.closeAll()

	home, _ := os.UserHomeDir()
	m := ui.New(ui.Options{
		Backend: first,
		Start:   players.again,
		Replay:  true,
		Home:    home,
		Theme:   f.theme,
		Intro:   replayIntro(path, first),
	})
	return runProgram(ctx, m)
}

// replayIntro heads the transcript: what is playing and how to drive it.
func replayIntro(path string, p *replay.Player) string {
	_, total := p.Progress()
	pace := "at the recorded pace"
	if !p.Timed() {
		pace = "one event every " + replay.DefaultGap.String() + " (the recording has no timeline)"
	}
	return fmt.Sprintf("Replay of %s: %d events, played %s. Nothing is sent: dialogs are shown as "+
		"they were, read-only.\nspace pauses and resumes · . or n plays one event · + and - change the speed",
		filepath.Base(path), total, pace)
}

// replays opens the recording again when the UI asks for a new session (/clear, or
// enter after the end): it plays from the start at the speed last chosen.
type replays struct {
	path string
	opts replay.Options
	all  cliSet

	mu   sync.Mutex
	last *replay.Player
}

func (r *replays) again(context.Context, ui.StartRequest) (ui.Backend, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	o := r.opts
	o.Paused = false
	o.Speed = r.last.Speed()
	p, err := replay.Open(r.path, o)
	if err != nil {
		return nil, err
	}
	r.last = p
	r.all.add(p)
	return p, nil
}
