package sessionfiles

import (
	"bytes"
	"encoding/json"
	"errors"
)

// The skimmer reads just the members of a JSON object that a caller asks for and
// jumps over the rest without decoding it. Session lines run to megabytes (file
// contents, system prompts), and listing sessions needs only a few small fields of
// each; encoding/json would validate and decode every byte.
//
// It does not validate what it skips: a malformed value inside a member nobody asked
// for may go unnoticed. A truncated line is always noticed.

var errMalformed = errors.New("malformed JSON")

// members calls fn with the raw key (without quotes, escapes left as they are) and
// the raw value of each member of the object obj, until fn returns false.
func members(obj []byte, fn func(key, val []byte) bool) error {
	i := skipSpace(obj, 0)
	if i >= len(obj) || obj[i] != '{' {
		return errMalformed
	}
	i = skipSpace(obj, i+1)
	if i < len(obj) && obj[i] == '}' {
		return nil
	}
	for {
		if i >= len(obj) || obj[i] != '"' {
			return errMalformed
		}
		end, err := skipString(obj, i)
		if err != nil {
			return err
		}
		key := obj[i+1 : end-1]
		i = skipSpace(obj, end)
		if i >= len(obj) || obj[i] != ':' {
			return errMalformed
		}
		start := skipSpace(obj, i+1)
		end, err = skipValue(obj, start)
		if err != nil {
			return err
		}
		if !fn(key, obj[start:end]) {
			return nil
		}
		i = skipSpace(obj, end)
		if i >= len(obj) {
			return errMalformed
		}
		switch obj[i] {
		case ',':
			i = skipSpace(obj, i+1)
		case '}':
			return nil
		default:
			return errMalformed
		}
	}
}

// elements calls fn with each raw element of the array arr, until fn returns false.
func elements(arr []byte, fn func(val []byte) bool) error {
	i := skipSpace(arr, 0)
	if i >= len(arr) || arr[i] != '[' {
		return errMalformed
	}
	i = skipSpace(arr, i+1)
	if i < len(arr) && arr[i] == ']' {
		return nil
	}
	for {
		end, err := skipValue(arr, i)
		if err != nil {
			return err
		}
		if !fn(arr[i:end]) {
			return nil
		}
		i = skipSpace(arr, end)
		if i >= len(arr) {
			return errMalformed
		}
		switch arr[i] {
		case ',':
			i = skipSpace(arr, i+1)
		case ']':
			return nil
		default:
			return errMalformed
		}
	}
}

// skipValue returns the index just past the value that starts at b[i].
func skipValue(b []byte, i int) (int, error) {
	if i >= len(b) {
		return 0, errMalformed
	}
	switch b[i] {
	case '"':
		return skipString(b, i)
	case '{', '[':
		return skipNested(b, i)
	}
	// A number, true, false or null: runs to the next delimiter.
	j := i
	for j < len(b) && !isDelimiter(b[j]) {
		j++
	}
	if j == i {
		return 0, errMalformed
	}
	return j, nil
}

// skipString returns the index just past the string whose opening quote is b[i].
// It jumps from quote to quote; a quote preceded by an odd number of backslashes is
// escaped.
func skipString(b []byte, i int) (int, error) {
	j := i + 1
	for {
		k := bytes.IndexByte(b[j:], '"')
		if k < 0 {
			return 0, errMalformed
		}
		q := j + k
		n := 0
		for p := q - 1; p > i && b[p] == '\\'; p-- {
			n++
		}
		if n%2 == 0 {
			return q + 1, nil
		}
		j = q + 1
	}
}

// skipNested returns the index just past the object or array that opens at b[i].
func skipNested(b []byte, i int) (int, error) {
	depth := 0
	for j := i; j < len(b); j++ {
		switch b[j] {
		case '"':
			end, err := skipString(b, j)
			if err != nil {
				return 0, err
			}
			j = end - 1
		case '{', '[':
			depth++
		case '}', ']':
			depth--
			if depth == 0 {
				return j + 1, nil
			}
		}
	}
	return 0, errMalformed
}

func skipSpace(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r') {
		i++
	}
	return i
}

func isDelimiter(c byte) bool {
	return c == ',' || c == '}' || c == ']' || c == ' ' || c == '\t' || c == '\n' || c == '\r'
}

// rawString decodes a raw JSON string value; anything else gives "".
func rawString(raw []byte) string {
	if len(raw) < 2 || raw[0] != '"' {
		return ""
	}
	if bytes.IndexByte(raw, '\\') < 0 {
		return string(raw[1 : len(raw)-1])
	}
	var s string
	if json.Unmarshal(raw, &s) != nil {
		return ""
	}
	return s
}

// rawTrue reports whether a raw value is the literal true.
func rawTrue(raw []byte) bool { return string(raw) == "true" }
