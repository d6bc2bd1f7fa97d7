package sessionserver

import "fmt"

func errBusy(n int) error {
	return fmt.Errorf("the session server runs %d session(s): it stops only when they have ended", n)
}

func errUnknownOp(op string) error {
	return fmt.Errorf("unknown request %q (a gclaude of another version?)", op)
}
