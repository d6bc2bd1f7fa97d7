//go:build unix

package sessionwire

import "syscall"

var errConnRefused error = syscall.ECONNREFUSED
