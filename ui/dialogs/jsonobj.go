package dialogs

import (
	"bytes"
	"encoding/json"
	"errors"
)

// field is one member of a JSON object.
type field struct {
	key   string
	value json.RawMessage
}

// object is a JSON object that keeps its members in order, so an answer built from a
// tool's input (answers added, a command edited) keeps every key the CLI sent, where
// it sent it.
type object []field

var errNotObject = errors.New("not a JSON object")

// parseObject reads a JSON object; null or empty input is an empty object.
func parseObject(raw json.RawMessage) (object, error) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || bytes.Equal(raw, []byte("null")) {
		return object{}, nil
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	if d, ok := tok.(json.Delim); !ok || d != '{' {
		return nil, errNotObject
	}
	o := object{}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, err
		}
		key, _ := tok.(string)
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil, err
		}
		o = o.set(key, v)
	}
	if _, err := dec.Token(); err != nil { // the closing brace
		return nil, err
	}
	if dec.More() {
		return nil, errNotObject
	}
	return o, nil
}

func (o object) get(key string) (json.RawMessage, bool) {
	for _, f := range o {
		if f.key == key {
			return f.value, true
		}
	}
	return nil, false
}

// str is the string member key, or "" when it is missing or not a string.
func (o object) str(key string) string {
	raw, ok := o.get(key)
	if !ok {
		return ""
	}
	var s string
	if json.Unmarshal(raw, &s) != nil {
		return ""
	}
	return s
}

// set replaces member key in place, or appends it. v is marshalled unless it is
// already a json.RawMessage.
func (o object) set(key string, v any) object {
	raw, ok := v.(json.RawMessage)
	if !ok {
		b, err := json.Marshal(v)
		if err != nil {
			return o
		}
		raw = b
	}
	out := make(object, 0, len(o)+1)
	found := false
	for _, f := range o {
		if f.key == key {
			f.value, found = raw, true
		}
		out = append(out, f)
	}
	if !found {
		out = append(out, field{key, raw})
	}
	return out
}

// raw encodes the object, members in order.
func (o object) raw() json.RawMessage {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, f := range o {
		if i > 0 {
			b.WriteByte(',')
		}
		k, _ := json.Marshal(f.key)
		b.Write(k)
		b.WriteByte(':')
		b.Write(f.value)
	}
	b.WriteByte('}')
	return b.Bytes()
}
