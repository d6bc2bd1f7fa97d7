package replay

import (
	"bufio"
	"io"
	"strconv"
	"strings"
	"time"
)

// A timeline is the recording driver's <name>.timeline.tsv: one row per line written
// either way, in the order it happened. Columns: seconds since start, direction, then
// details (OUT: bytes, type, subtype; IN: bytes, the line's start; EXIT: the code).
type timeline struct {
	rows   []row
	outs   int // OUT rows: one per stdout line
	ins    int // IN rows: one per stdin line
	exitAt time.Duration
	exit   *int // the EXIT row's code, if any
}

type row struct {
	at  time.Duration
	dir string // OUT, IN, EXIT, IN-CLOSE, SIGNAL, …
}

// parseTimeline reads a timeline; rows it cannot read are skipped, since a partial
// timeline is still checked against the stdout line count before it is used.
func parseTimeline(r io.Reader) timeline {
	var tl timeline
	sc := bufio.NewScanner(r)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		fields := strings.Split(sc.Text(), "\t")
		if len(fields) < 2 {
			continue
		}
		secs, err := strconv.ParseFloat(fields[0], 64)
		if err != nil || secs < 0 {
			continue
		}
		rw := row{at: time.Duration(secs * float64(time.Second)), dir: fields[1]}
		switch rw.dir {
		case "OUT":
			tl.outs++
		case "IN":
			tl.ins++
		case "EXIT":
			tl.exitAt = rw.at
			if len(fields) > 2 {
				if code, err := strconv.Atoi(strings.TrimSpace(fields[2])); err == nil {
					tl.exit = &code
				}
			}
		}
		tl.rows = append(tl.rows, rw)
	}
	return tl
}
