package protocol

import (
	"bytes"
	"encoding/json"
	"errors"
)

// InputField is one member of a tool input object, its value exactly as it was sent.
type InputField struct {
	Key   string
	Value json.RawMessage
}

// InputFields is a tool input object that keeps its members in order and their values
// byte for byte, so an input changed by the client (answers added, a command edited) keeps
// every key the CLI sent, where it sent it, including those no typed input declares.
type InputFields []InputField

var errInputNotObject = errors.New("not a JSON object")

// ParseInputFields reads a JSON object; null or empty input is an empty object.
func ParseInputFields(raw json.RawMessage) (InputFields, error) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || bytes.Equal(raw, []byte("null")) {
		return InputFields{}, nil
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	if d, ok := tok.(json.Delim); !ok || d != '{' {
		return nil, errInputNotObject
	}
	o := InputFields{}
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
		o = o.Set(key, v)
	}
	if _, err := dec.Token(); err != nil { // the closing brace
		return nil, err
	}
	if dec.More() {
		return nil, errInputNotObject
	}
	return o, nil
}

// Get is member key's value.
func (o InputFields) Get(key string) (json.RawMessage, bool) {
	for _, f := range o {
		if f.Key == key {
			return f.Value, true
		}
	}
	return nil, false
}

// Set replaces member key in place, or appends it. v is marshalled unless it is
// already a json.RawMessage; a value that cannot be marshalled leaves o as it is.
func (o InputFields) Set(key string, v any) InputFields {
	raw, ok := v.(json.RawMessage)
	if !ok {
		b, err := json.Marshal(v)
		if err != nil {
			return o
		}
		raw = b
	}
	out := make(InputFields, 0, len(o)+1)
	found := false
	for _, f := range o {
		if f.Key == key {
			f.Value, found = raw, true
		}
		out = append(out, f)
	}
	if !found {
		out = append(out, InputField{key, raw})
	}
	return out
}

// Delete removes member key.
func (o InputFields) Delete(key string) InputFields {
	out := make(InputFields, 0, len(o))
	for _, f := range o {
		if f.Key != key {
			out = append(out, f)
		}
	}
	return out
}

// Raw encodes the object, members in order.
func (o InputFields) Raw() json.RawMessage {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, f := range o {
		if i > 0 {
			b.WriteByte(',')
		}
		k, _ := json.Marshal(f.Key)
		b.Write(k)
		b.WriteByte(':')
		b.Write(f.Value)
	}
	b.WriteByte('}')
	return b.Bytes()
}
