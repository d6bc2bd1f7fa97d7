package protocol

import (
	"encoding/json"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// assertRoundTrip checks that decoding lost nothing a Go type declares: for every key of
// the raw JSON that the type declares (at any depth), re-encoding v gives the same value,
// or omits it only when the raw value is empty (false, 0, "", null, [], {}).
func assertRoundTrip(t testing.TB, where string, raw any, v any) {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Errorf("%s: re-encoding %T: %v", where, v, err)
		return
	}
	var re any
	if err := json.Unmarshal(b, &re); err != nil {
		t.Errorf("%s: re-decoding %T: %v", where, v, err)
		return
	}
	for _, diff := range compareDeclared("", raw, re, reflect.TypeOf(v)) {
		t.Errorf("%s: %T%s", where, v, diff)
	}
}

var marshalerType = reflect.TypeFor[json.Marshaler]()

// opaque types encode themselves (json.RawMessage, RawClientRequest) or hold anything;
// they are compared as whole values.
func opaque(typ reflect.Type) bool {
	return typ.Kind() == reflect.Interface || typ.Implements(marshalerType) || reflect.PointerTo(typ).Implements(marshalerType)
}

func compareDeclared(path string, raw, re any, typ reflect.Type) []string {
	for typ.Kind() == reflect.Pointer {
		typ = typ.Elem()
	}
	mismatch := func() []string {
		return []string{path + ": raw " + short(raw) + ", re-encoded " + short(re)}
	}
	if opaque(typ) {
		if !reflect.DeepEqual(raw, re) {
			return mismatch()
		}
		return nil
	}
	switch typ.Kind() {
	case reflect.Struct:
		rawObj, ok1 := raw.(map[string]any)
		reObj, ok2 := re.(map[string]any)
		if raw == nil {
			return nil // null into a struct leaves it zero; nothing to lose
		}
		if !ok1 || !ok2 {
			return mismatch()
		}
		var diffs []string
		for name, ftype := range jsonFields(typ) {
			rv, inRaw := rawObj[name]
			if !inRaw {
				continue
			}
			ev, inRe := reObj[name]
			if !inRe {
				if !emptyJSON(rv) {
					diffs = append(diffs, path+"."+name+": raw "+short(rv)+" was dropped")
				}
				continue
			}
			diffs = append(diffs, compareDeclared(path+"."+name, rv, ev, ftype)...)
		}
		return diffs
	case reflect.Slice, reflect.Array:
		rawArr, ok1 := raw.([]any)
		reArr, ok2 := re.([]any)
		if raw == nil && re == nil {
			return nil
		}
		if !ok1 || !ok2 || len(rawArr) != len(reArr) {
			return mismatch()
		}
		var diffs []string
		for i := range rawArr {
			diffs = append(diffs, compareDeclared(path+"."+strconv.Itoa(i), rawArr[i], reArr[i], typ.Elem())...)
		}
		return diffs
	case reflect.Map:
		rawObj, ok1 := raw.(map[string]any)
		reObj, ok2 := re.(map[string]any)
		if raw == nil && re == nil {
			return nil
		}
		if !ok1 || !ok2 {
			return mismatch()
		}
		var diffs []string
		for k, rv := range rawObj {
			ev, ok := reObj[k]
			if !ok {
				diffs = append(diffs, path+"."+k+": raw "+short(rv)+" was dropped")
				continue
			}
			diffs = append(diffs, compareDeclared(path+"."+k, rv, ev, typ.Elem())...)
		}
		return diffs
	default:
		if !reflect.DeepEqual(raw, re) {
			return mismatch()
		}
		return nil
	}
}

// jsonFields lists the JSON keys a struct type declares, with embedded structs flattened.
func jsonFields(typ reflect.Type) map[string]reflect.Type {
	out := map[string]reflect.Type{}
	for i := range typ.NumField() {
		f := typ.Field(i)
		tag := f.Tag.Get("json")
		if tag == "-" {
			continue
		}
		name, _, _ := strings.Cut(tag, ",")
		if f.Anonymous && name == "" && f.Type.Kind() == reflect.Struct {
			for k, v := range jsonFields(f.Type) {
				out[k] = v
			}
			continue
		}
		if !f.IsExported() {
			continue
		}
		if name == "" {
			name = f.Name
		}
		out[name] = f.Type
	}
	return out
}

func emptyJSON(v any) bool {
	switch x := v.(type) {
	case nil:
		return true
	case bool:
		return !x
	case float64:
		return x == 0
	case string:
		return x == ""
	case []any:
		return len(x) == 0
	case map[string]any:
		return len(x) == 0
	}
	return false
}

func short(v any) string {
	b, _ := json.Marshal(v)
	if len(b) > 80 {
		return string(b[:80]) + "…"
	}
	return string(b)
}

func TestRoundTripStdout(t *testing.T) {
	for _, line := range stdoutLines(t) {
		msg, err := Decode(line.data)
		if err != nil {
			t.Fatalf("%s: %v", line, err)
		}
		raw := rawJSON(t, line.data)
		switch msg.(type) {
		case *Unknown:
			continue
		case controlRequest:
			raw = raw.(map[string]any)["request"]
		}
		assertRoundTrip(t, line.String(), raw, msg)
	}
}

func TestRoundTripStdin(t *testing.T) {
	for _, f := range captureFiles(t, true) {
		for _, line := range readCapture(t, f) {
			v, err := DecodeClient(line.data)
			if err != nil {
				continue // the one malformed line; TestCapturesDecodeClient checks it
			}
			raw := rawJSON(t, line.data)
			switch m := v.(type) {
			case *Unknown:
				continue
			case *ClientControlRequest:
				if m.Request == nil {
					continue
				}
				assertRoundTrip(t, line.String(), raw.(map[string]any)["request"], m.Request)
			default:
				assertRoundTrip(t, line.String(), raw, v)
			}
		}
	}
}

func rawJSON(t testing.TB, b []byte) any {
	t.Helper()
	var v any
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatal(err)
	}
	return v
}
