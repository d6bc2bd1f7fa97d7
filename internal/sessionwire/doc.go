// Package sessionwire is what the session server and its screens share: the frames on
// the server's Unix socket, the messages they carry, where the socket and the server's
// files live, and the client side of connecting (peer check, hello, starting a server
// on demand under a lock so two screens get one server).
//
// A frame is one type byte, a 4-byte big-endian length and the payload. A claude line
// travels as its raw bytes (no re-encoding: a streamed answer is thousands of lines);
// everything else is one JSON object. The server's on-disk record of a session is the
// same frames (ReplayStdout, ReplayStdin), so replaying it is copying the file.
package sessionwire

// Protocol is the version of the frames and messages below. A server speaking another
// one is replaced when it runs no session, and refused otherwise.
const Protocol = 1
