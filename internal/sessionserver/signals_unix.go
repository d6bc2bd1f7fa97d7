package sessionserver

import (
	"os"
	"os/signal"
	"syscall"
)

// SIGUSR1 tells the server its socket file is gone: a screen that found the registry
// naming a live server sends it, and the server listens again at once.
func notifySIGUSR1(ch chan os.Signal) { signal.Notify(ch, syscall.SIGUSR1) }

func stopSignals(ch chan os.Signal) { signal.Stop(ch) }
