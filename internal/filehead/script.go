package filehead

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
)

// Script is Read for another machine, for sh -c with the path and the limit as $1
// and $2: one line says what is there ("regular SIZE", "fifo", "missing", …) and, for
// a regular file of at most $2 bytes, at most $2+1 bytes of it follow. The type is
// tested first, so a FIFO or a device is never opened; the size comes from ls, which
// only stats. One line, so that any login shell passes it to sh unchanged.
const Script = `set -f; p=$1; n=$2; ` +
	`if [ ! -e "$p" ]; then echo missing; ` +
	`elif [ -d "$p" ]; then echo directory; ` +
	`elif [ -p "$p" ]; then echo fifo; ` +
	`elif [ -c "$p" ]; then echo chardev; ` +
	`elif [ -b "$p" ]; then echo blockdev; ` +
	`elif [ -S "$p" ]; then echo socket; ` +
	`elif [ ! -f "$p" ]; then echo other; ` +
	`else s=$(ls -lnL -- "$p") || exit 1; set -- $s; echo "regular $5"; ` +
	`if [ "$5" -le "$n" ]; then head -c "$((n + 1))" < "$p" || exit 1; fi; fi`

var scriptKinds = map[string]Kind{
	"missing": Missing, "directory": Directory, "fifo": FIFO, "chardev": CharDevice,
	"blockdev": BlockDevice, "socket": Socket, "other": Other,
}

// ParseScript reads Script's output for limit.
func ParseScript(out []byte, limit int) (Head, error) {
	line, data, _ := bytes.Cut(out, []byte{'\n'})
	word, size, _ := strings.Cut(string(line), " ")
	if k, ok := scriptKinds[word]; ok && size == "" {
		return Head{Kind: k}, nil
	}
	if word != "regular" {
		return Head{}, fmt.Errorf("unexpected answer %q", clip(string(line)))
	}
	n, err := strconv.ParseInt(size, 10, 64)
	if err != nil || n < 0 {
		return Head{}, fmt.Errorf("unexpected size %q", clip(size))
	}
	h := Head{Kind: Regular, Size: n}
	if h.TooLarge(limit) {
		return h, nil
	}
	return withData(h, data, limit), nil
}

// clip keeps an error's quote of a remote answer short.
func clip(s string) string {
	if len(s) > 40 {
		return s[:40] + "…"
	}
	return s
}
