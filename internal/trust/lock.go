package trust

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"time"
)

// Claude Code locks ~/.claude.json the way the proper-lockfile package does (CLI
// 2.1.332, saveConfigWithLock): it makes the folder <file>.lock with mkdir, which
// fails while another process holds it; the holder touches the folder every 5 s and a
// folder not touched for 10 s is stale, so it is removed and taken. The CLI retries a
// held lock a few times with backoff; a write it cannot lock is refused. gclaude takes
// the same folder, so its write never interleaves with a claude's.
const (
	lockStale = 10 * time.Second
	lockWait  = 5 * time.Second // how long a held lock is waited for
	lockRetry = 50 * time.Millisecond
)

// ErrLocked means another process held the lock for longer than gclaude waits.
var ErrLocked = errors.New("locked by another process")

// lockLocal makes path.lock, waiting while a live holder has it and taking it over
// once it is stale.
func lockLocal(ctx context.Context, path string, now func() time.Time) (func(), error) {
	dir := path + ".lock"
	deadline := now().Add(lockWait)
	for {
		err := os.Mkdir(dir, 0o755)
		if err == nil {
			return func() { _ = os.Remove(dir) }, nil
		}
		if !errors.Is(err, fs.ErrExist) {
			return nil, err
		}
		if st, serr := os.Stat(dir); serr == nil && now().Sub(st.ModTime()) > lockStale {
			// Its holder died without removing it: proper-lockfile removes it and retries.
			if rerr := os.Remove(dir); rerr != nil && !errors.Is(rerr, fs.ErrNotExist) {
				return nil, fmt.Errorf("%s is stale and could not be removed: %w", dir, rerr)
			}
			continue
		}
		if now().After(deadline) {
			return nil, fmt.Errorf("%s: %w (%s)", path, ErrLocked, dir)
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(lockRetry):
		}
	}
}
