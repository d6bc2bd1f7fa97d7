package trust

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
)

// object is a JSON object whose members keep their order and their exact text, so
// that a file another program owns can be changed in one place and written back with
// everything else as it was.
type object struct {
	keys []string
	vals []json.RawMessage
}

// parseObject reads a JSON object. A member named twice keeps its last value, as
// JavaScript's JSON.parse does.
func parseObject(data []byte) (*object, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	if d, ok := tok.(json.Delim); !ok || d != '{' {
		return nil, errors.New("not a JSON object")
	}
	o := &object{}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, err
		}
		k, _ := tok.(string)
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil, err
		}
		o.set(k, v)
	}
	if _, err := dec.Token(); err != nil {
		return nil, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, errors.New("text after the JSON object")
	}
	return o, nil
}

func (o *object) index(k string) int {
	for i, key := range o.keys {
		if key == k {
			return i
		}
	}
	return -1
}

// get is k's value, nil when there is none.
func (o *object) get(k string) json.RawMessage {
	if i := o.index(k); i >= 0 {
		return o.vals[i]
	}
	return nil
}

// set replaces k's value where it is, or adds it at the end.
func (o *object) set(k string, v json.RawMessage) {
	if i := o.index(k); i >= 0 {
		o.vals[i] = v
		return
	}
	o.keys = append(o.keys, k)
	o.vals = append(o.vals, v)
}

// child is k's value as an object: nil when k is absent; an error when it is
// something else (which the caller must not overwrite).
func (o *object) child(k string) (*object, error) {
	v := o.get(k)
	if v == nil || string(bytes.TrimSpace(v)) == "null" {
		return nil, nil
	}
	c, err := parseObject(v)
	if err != nil {
		return nil, fmt.Errorf("%q is not an object", k)
	}
	return c, nil
}

// compact is the object as JSON on one line, its members' text unchanged.
func (o *object) compact() json.RawMessage {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, k := range o.keys {
		if i > 0 {
			b.WriteByte(',')
		}
		key, _ := json.Marshal(k)
		b.Write(key)
		b.WriteByte(':')
		_ = json.Compact(&b, o.vals[i])
	}
	b.WriteByte('}')
	return b.Bytes()
}

// indented is the object as Claude Code writes its files: JSON.stringify with two
// spaces, and for settings files a final newline.
func (o *object) indented(newline bool) []byte {
	var b bytes.Buffer
	_ = json.Indent(&b, o.compact(), "", "  ")
	if newline {
		b.WriteByte('\n')
	}
	return b.Bytes()
}

var jsonTrue = json.RawMessage("true")

// truthy is a JSON value as JavaScript's truthiness sees it: false, null, 0 and ""
// are not (the CLI tests hasTrustDialogAccepted for truthiness).
func truthy(v json.RawMessage) bool {
	var x any
	if json.Unmarshal(v, &x) != nil {
		return false
	}
	switch x := x.(type) {
	case nil:
		return false
	case bool:
		return x
	case float64:
		return x != 0
	case string:
		return x != ""
	}
	return true
}
