// Command capturerig records the protocol corpus the tests read (testdata/captures):
// each recording in recordings.go runs the real claude CLI against the project's fake
// Messages API (fakeapi) in a sandbox (throwaway HOME and project, no network but the
// fake), drives its stdin from a script, and writes
//
//	<name>.jsonl          the CLI's stdout, byte for byte
//	<name>.stdin.jsonl    every line the client (the rig, as gclaude would) wrote to stdin
//	<name>.timeline.tsv   when each line went in or came out (the replay player's pace)
//	<name>.exit.txt       the exit code (128+signal when a signal ended it)
//	<name>.stderr.txt     stderr
//	<name>.api.ndjson     the /v1/messages request bodies, trimmed, with the scenario
//	                      and step the fake played (fakeapi's selection tests read them)
//
// with the sandbox's paths replaced by /home/dev (HOME) and /home/dev/project (the
// project), so goldens do not depend on where it ran. Files over gzipAbove bytes are
// gzipped (internal/capturefiles reads both). `make captures` runs it with the pinned
// CLI; CLAUDE_BIN=… make captures with another.
package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"flag"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/gclaude/gclaude/fakeapi"
	"github.com/gclaude/gclaude/internal/clienv"
)

// gzipAbove is the size from which a recorded file is stored gzipped.
const gzipAbove = 512 << 10

func main() {
	out := flag.String("out", "testdata/captures", "the corpus folder")
	bin := flag.String("claude", os.Getenv("CLAUDE_BIN"), "the claude CLI to record (default $CLAUDE_BIN)")
	only := flag.String("only", "", "record only the recordings whose name matches this regular expression")
	jobs := flag.Int("j", 2, "recordings run at the same time")
	flag.Parse()
	if *bin == "" {
		fail("no CLI: pass -claude or set CLAUDE_BIN")
	}
	pick, err := regexp.Compile(*only)
	if err != nil {
		fail(err.Error())
	}
	if err := os.MkdirAll(*out, 0o755); err != nil {
		fail(err.Error())
	}
	var (
		wg     sync.WaitGroup
		mu     sync.Mutex
		failed []string
		slots  = make(chan struct{}, max(1, *jobs))
	)
	for _, rec := range recordings {
		if !pick.MatchString(rec.Name) {
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			slots <- struct{}{}
			defer func() { <-slots }()
			began := time.Now()
			err := record(*bin, *out, rec)
			mu.Lock()
			defer mu.Unlock()
			if err != nil {
				failed = append(failed, rec.Name)
				fmt.Fprintf(os.Stderr, "FAIL %s: %v\n", rec.Name, err)
				return
			}
			fmt.Printf("ok   %s (%.1fs)\n", rec.Name, time.Since(began).Seconds())
		}()
	}
	wg.Wait()
	if len(failed) > 0 {
		fail(fmt.Sprintf("%d recordings failed: %s", len(failed), strings.Join(failed, ", ")))
	}
}

func fail(msg string) {
	fmt.Fprintln(os.Stderr, "capturerig:", msg)
	os.Exit(1)
}

// sandbox is where one recording runs: HOME is <base>/dev and the project
// <base>/dev/project, as /home/dev and /home/dev/project in the recordings.
type sandbox struct {
	base, home, project, outside, tmp string
}

func newSandbox() (*sandbox, error) {
	base, err := os.MkdirTemp("", "gcap")
	if err != nil {
		return nil, err
	}
	base, err = filepath.EvalSymlinks(base)
	if err != nil {
		return nil, err
	}
	s := &sandbox{base: base, home: filepath.Join(base, "dev"), tmp: filepath.Join(base, "t")}
	s.project = filepath.Join(s.home, "project")
	s.outside = filepath.Join(s.home, "outside")
	for _, d := range []string{s.project, s.outside, s.tmp} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			return nil, err
		}
	}
	return s, nil
}

// normalise replaces the sandbox's paths (and the fake's port) by fixed ones.
func (s *sandbox) normalise(b []byte, apiURL string) []byte {
	dashed := func(p string) string { return regexp.MustCompile(`[^A-Za-z0-9]`).ReplaceAllString(p, "-") }
	for _, r := range [][2]string{
		{s.project, "/home/dev/project"},
		{dashed(s.project), "-home-dev-project"},
		{s.tmp, "/tmp/claude-capture"},
		{s.home, "/home/dev"},
		{dashed(s.home), "-home-dev"},
		{s.base, "/tmp/capture"},
		{apiURL, "http://127.0.0.1:18600"},
	} {
		if r[0] != "" {
			b = bytes.ReplaceAll(b, []byte(r[0]), []byte(r[1]))
		}
	}
	return cliSocket.ReplaceAll(b, []byte("/tmp/claude-capture/cc-socks/1000"))
}

// cliSocket is the folder the CLI names after its pid.
var cliSocket = regexp.MustCompile(`/tmp/claude-capture/cc-socks/[0-9]+`)

func record(bin, out string, rec recording) error {
	sb, err := newSandbox()
	if err != nil {
		return err
	}
	defer os.RemoveAll(sb.base)
	for name, content := range rec.Files {
		p := filepath.Join(sb.project, filepath.FromSlash(name))
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			return err
		}
	}
	api, err := fakeapi.New(fakeapi.Config{
		Scenarios:      apiScenarios(sb.outside),
		NotFoundModels: []string{"bad-model-x"},
	})
	if err != nil {
		return err
	}
	defer api.Close()
	apiURL := api.URL()
	if rec.ClosedPort {
		if apiURL, err = closedPortURL(); err != nil {
			return err
		}
	}
	env := clienv.Sandboxed(os.Environ(), clienv.Spec{
		Home: sb.home, Dir: sb.project, Tmp: sb.tmp, APIURL: apiURL, APIKey: "sk-test-fake", MaxRetries: rec.MaxRetries,
	})
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()

	args := rec.Args
	if args == nil {
		args = headless()
	}
	if rec.Setup != nil {
		d, err := startDriver(ctx, bin, headless(), env, sb.project)
		if err != nil {
			return err
		}
		if err := run(d, rec.Setup); err != nil {
			return fmt.Errorf("setup: %w", err)
		}
		session := d.lastSessionID()
		if _, err := d.finish(); err != nil {
			return err
		}
		args = append([]string(nil), args...)
		for i, a := range args {
			args[i] = strings.ReplaceAll(a, "{session}", session)
		}
	}
	skip := len(api.Requests())
	d, err := startDriver(ctx, bin, args, env, sb.project)
	if err != nil {
		return err
	}
	scriptErr := run(d, rec.Script)
	code, err := d.finish()
	if scriptErr != nil {
		failed := filepath.Join(os.TempDir(), "capturerig-"+rec.Name+".jsonl")
		_ = os.WriteFile(failed, joinLines(d.stdout), 0o644)
		return fmt.Errorf("%w (its stdout: %s)", scriptErr, failed)
	}
	if err != nil {
		return err
	}
	files := map[string][]byte{
		".jsonl":        joinLines(d.stdout),
		".stdin.jsonl":  d.sent.Bytes(),
		".timeline.tsv": d.timeline.Bytes(),
		".exit.txt":     []byte(strconv.Itoa(code) + "\n"),
		".stderr.txt":   d.stderr.Bytes(),
		".api.ndjson":   requestLines(rec.Name, api.Requests()[skip:]),
	}
	if responses, err := d.clientResponses(); err != nil {
		return err
	} else if responses != nil {
		files[".responses.json"] = responses
	}
	for suffix, data := range files {
		if err := writeFile(filepath.Join(out, rec.Name+suffix), sb.normalise(data, api.URL())); err != nil {
			return err
		}
	}
	return nil
}

func run(d *driver, script []step) error {
	for i, s := range script {
		if err := s(d); err != nil {
			return fmt.Errorf("step %d: %w", i+1, err)
		}
	}
	return nil
}

func joinLines(lines [][]byte) []byte { return bytes.Join(lines, nil) }

// writeFile writes data at path, or gzipped at path.gz when it is large, and removes
// the other form.
func writeFile(path string, data []byte) error {
	plain, zipped := path, path+".gz"
	if len(data) <= gzipAbove {
		_ = os.Remove(zipped)
		return os.WriteFile(plain, data, 0o644)
	}
	_ = os.Remove(plain)
	var b bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&b, gzip.BestCompression)
	if _, err := zw.Write(data); err != nil {
		return err
	}
	if err := zw.Close(); err != nil {
		return err
	}
	return os.WriteFile(zipped, b.Bytes(), 0o644)
}

// closedPortURL is a 127.0.0.1 URL on which nothing listens.
func closedPortURL() (string, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	addr := ln.Addr().String()
	_ = ln.Close()
	return "http://" + addr, nil
}
