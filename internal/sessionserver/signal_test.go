package sessionserver

import (
	"os"
	"os/signal"
	"syscall"
)

func signalNotifyTerm(ch chan os.Signal) { signal.Notify(ch, syscall.SIGTERM) }
