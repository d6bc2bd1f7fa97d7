package sessionwire

import (
	"bufio"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"sync"
	"time"
)

// Frame types. Screen → server:
const (
	FrameHello   byte = 'H' // Hello, both ways, first on every connection
	FrameRequest byte = 'Q' // Request: what this connection is for
	FrameStdin   byte = 'i' // a line for claude's stdin (one JSON object)
	FrameEOF     byte = 'e' // close claude's stdin
	FrameSignal  byte = 's' // Signal to claude's process group
	FrameMeta    byte = 'm' // Meta: set one opaque value of the session
	FrameDetach  byte = 'd' // leave the session running and go
)

// Server → screen:
const (
	FrameReply        byte = 'R' // Reply to the Request
	FrameStdout       byte = 'o' // a line claude wrote, live
	FrameEcho         byte = 'c' // a stdin line another screen wrote, live
	FrameStderr       byte = 'r' // a line of claude's stderr, live
	FrameReplayStdout byte = 'O' // a recorded stdout line, replayed on attach
	FrameReplayDelta  byte = 'D' // a recorded stream_event line (a screen takes it as FrameReplayStdout)
	FrameReplayStdin  byte = 'I' // a recorded stdin line, replayed on attach
	FrameLive         byte = 'L' // Live: the replay is over; what follows is live
	FrameExit         byte = 'x' // Exit: claude has ended; the last frame of a session
	FrameNotice       byte = 'n' // Notice: something a screen must be told
)

// HeaderSize is a frame's type byte and length.
const HeaderSize = 5

// MaxPayload bounds one frame: a claude line may be 64 MiB (process.MaxLineBytes).
const MaxPayload = 65 << 20

// FrameTooLongError is a frame whose announced length passes MaxPayload: the peer is
// not a gclaude of this protocol, or the stream is out of step.
type FrameTooLongError struct{ Len uint32 }

func (e *FrameTooLongError) Error() string {
	return fmt.Sprintf("sessionwire: a frame of %d bytes, more than the %d a frame may have", e.Len, MaxPayload)
}

// AppendFrame appends one frame to dst.
func AppendFrame(dst []byte, typ byte, payload []byte) []byte {
	dst = append(dst, typ, 0, 0, 0, 0)
	binary.BigEndian.PutUint32(dst[len(dst)-4:], uint32(len(payload)))
	return append(dst, payload...)
}

// ReadFrame reads one frame from br. The payload is only valid until the next read
// when it fit br's buffer (buf is reused otherwise): decode or copy what is kept.
func ReadFrame(br *bufio.Reader, buf *[]byte) (byte, []byte, error) {
	head, err := br.Peek(HeaderSize)
	if err != nil {
		if err == io.EOF && len(head) > 0 {
			err = io.ErrUnexpectedEOF
		}
		return 0, nil, err
	}
	typ := head[0]
	n := binary.BigEndian.Uint32(head[1:])
	if n > MaxPayload {
		return 0, nil, &FrameTooLongError{Len: n}
	}
	if _, err := br.Discard(HeaderSize); err != nil {
		return 0, nil, err
	}
	if int(n) <= br.Size() {
		p, err := br.Peek(int(n))
		if err != nil {
			return 0, nil, unexpected(err)
		}
		_, _ = br.Discard(int(n))
		return typ, p, nil
	}
	if cap(*buf) < int(n) {
		*buf = make([]byte, n)
	}
	p := (*buf)[:n]
	if _, err := io.ReadFull(br, p); err != nil {
		return 0, nil, unexpected(err)
	}
	return typ, p, nil
}

func unexpected(err error) error {
	if err == io.EOF {
		return io.ErrUnexpectedEOF
	}
	return err
}

// Conn is one connection to or from the server: frames read by one goroutine, written
// by any (writes are serialised).
type Conn struct {
	c   net.Conn
	br  *bufio.Reader
	buf []byte

	wmu sync.Mutex
}

// NewConn wraps c.
func NewConn(c net.Conn) *Conn {
	return &Conn{c: c, br: bufio.NewReaderSize(c, 256<<10)}
}

// Read returns the next frame; the payload is valid until the next Read.
func (c *Conn) Read() (byte, []byte, error) { return ReadFrame(c.br, &c.buf) }

// ReadJSON reads the next frame, which must be of type want, into v.
func (c *Conn) ReadJSON(want byte, v any) error {
	typ, p, err := c.Read()
	if err != nil {
		return err
	}
	if typ != want {
		return fmt.Errorf("sessionwire: expected a %q frame, got %q", want, typ)
	}
	if err := json.Unmarshal(p, v); err != nil {
		return fmt.Errorf("sessionwire: a bad %q frame: %w", typ, err)
	}
	return nil
}

// Write writes one frame.
func (c *Conn) Write(typ byte, payload []byte) error {
	return c.WriteRaw(AppendFrame(make([]byte, 0, HeaderSize+len(payload)), typ, payload))
}

// WriteRaw writes bytes that are already whole frames.
func (c *Conn) WriteRaw(frames []byte) error {
	c.wmu.Lock()
	defer c.wmu.Unlock()
	_, err := c.c.Write(frames)
	return err
}

// WriteJSON writes v as one frame of type typ.
func (c *Conn) WriteJSON(typ byte, v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	return c.Write(typ, b)
}

// SetDeadline bounds the connection's reads and writes (zero: no bound).
func (c *Conn) SetDeadline(t time.Time) error { return c.c.SetDeadline(t) }

// CloseWrite tells the peer nothing more comes, and keeps reading.
func (c *Conn) CloseWrite() error {
	if uc, ok := c.c.(*net.UnixConn); ok {
		return uc.CloseWrite()
	}
	return c.c.Close()
}

// Close closes the connection.
func (c *Conn) Close() error { return c.c.Close() }

// Net is the underlying connection (peer credentials).
func (c *Conn) Net() net.Conn { return c.c }
