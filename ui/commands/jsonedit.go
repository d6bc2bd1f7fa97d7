package commands

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strings"
)

// A settings file is the user's: editing one rule must not reorder its keys, change its
// indentation or lose a key gclaude does not know. jsonNode keeps a JSON document's
// object keys in their order so it can be written back the way it was laid out.
type jsonNode struct {
	keys  []string    // an object's keys, in order
	vals  []*jsonNode // an object's values, by key position
	items []*jsonNode // an array's items
	isObj bool
	isArr bool
	raw   []byte // a scalar, as written
}

func parseJSON(data []byte) (*jsonNode, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	n, err := parseNode(dec)
	if err != nil {
		return nil, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, errors.New("text after the JSON value")
	}
	return n, nil
}

func parseNode(dec *json.Decoder) (*jsonNode, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch tok := tok.(type) {
	case json.Delim:
		switch tok {
		case '{':
			n := &jsonNode{isObj: true}
			for dec.More() {
				kt, err := dec.Token()
				if err != nil {
					return nil, err
				}
				k, _ := kt.(string)
				v, err := parseNode(dec)
				if err != nil {
					return nil, err
				}
				n.keys, n.vals = append(n.keys, k), append(n.vals, v)
			}
			_, err := dec.Token() // '}'
			return n, err
		case '[':
			n := &jsonNode{isArr: true}
			for dec.More() {
				v, err := parseNode(dec)
				if err != nil {
					return nil, err
				}
				n.items = append(n.items, v)
			}
			_, err := dec.Token() // ']'
			return n, err
		}
		return nil, fmt.Errorf("unexpected %v", tok)
	case json.Number:
		return &jsonNode{raw: []byte(tok.String())}, nil
	default:
		return stringNode(tok), nil
	}
}

// stringNode is a scalar node for v (a string, bool or nil), written without HTML escapes.
func stringNode(v any) *jsonNode {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(v)
	return &jsonNode{raw: bytes.TrimRight(b.Bytes(), "\n")}
}

// get returns an object's value for key, or nil.
func (n *jsonNode) get(key string) *jsonNode {
	for i, k := range n.keys {
		if k == key {
			return n.vals[i]
		}
	}
	return nil
}

// set adds key at the end of an object, or replaces its value in place.
func (n *jsonNode) set(key string, v *jsonNode) {
	for i, k := range n.keys {
		if k == key {
			n.vals[i] = v
			return
		}
	}
	n.keys, n.vals = append(n.keys, key), append(n.vals, v)
}

// str is a string scalar's value; ok is false for anything else.
func (n *jsonNode) str() (s string, ok bool) {
	if n == nil || n.isObj || n.isArr || len(n.raw) == 0 || n.raw[0] != '"' {
		return "", false
	}
	err := json.Unmarshal(n.raw, &s)
	return s, err == nil
}

// write lays n out with indent per level, as json.MarshalIndent would.
func (n *jsonNode) write(b *bytes.Buffer, indent string, depth int) {
	switch {
	case n.isObj:
		writeContainer(b, "{", "}", indent, depth, len(n.keys), func(i int) {
			b.Write(stringNode(n.keys[i]).raw)
			b.WriteString(": ")
			n.vals[i].write(b, indent, depth+1)
		})
	case n.isArr:
		writeContainer(b, "[", "]", indent, depth, len(n.items), func(i int) {
			n.items[i].write(b, indent, depth+1)
		})
	default:
		b.Write(n.raw)
	}
}

// writeContainer lays out an object or array of count members between its brackets,
// one member a line at depth+1; member writes member i. Empty is "{}" or "[]".
func writeContainer(b *bytes.Buffer, opening, closing, indent string, depth, count int, member func(i int)) {
	if count == 0 {
		b.WriteString(opening + closing)
		return
	}
	b.WriteString(opening)
	for i := range count {
		if i > 0 {
			b.WriteString(",")
		}
		b.WriteString("\n" + strings.Repeat(indent, depth+1))
		member(i)
	}
	b.WriteString("\n" + strings.Repeat(indent, depth) + closing)
}

var firstIndent = regexp.MustCompile(`\n([ \t]+)\S`)

// formatLike writes n with the indentation data used (two spaces when it shows none)
// and its trailing newline.
func formatLike(n *jsonNode, data []byte) []byte {
	indent := "  "
	if m := firstIndent.FindSubmatch(data); m != nil {
		indent = string(m[1])
	}
	var b bytes.Buffer
	n.write(&b, indent, 0)
	if len(data) == 0 || bytes.HasSuffix(data, []byte("\n")) {
		b.WriteString("\n")
	}
	return b.Bytes()
}
