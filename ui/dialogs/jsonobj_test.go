package dialogs

import (
	"encoding/json"
	"testing"
)

func TestObjectKeepsOrderAndValues(t *testing.T) {
	tests := []struct {
		in, want string
		set      map[string]any
	}{
		{`{"z":1,"a":{"y":[1,2]},"m":"s"}`, `{"z":1,"a":{"y":[1,2]},"m":"t","new":true}`, map[string]any{"m": "t", "new": true}},
		{`{}`, `{"k":"v"}`, map[string]any{"k": "v"}},
		{``, `{}`, nil},
		{`null`, `{}`, nil},
		{` { "sp" : "a\n\"b" } `, `{"sp":"a\n\"b"}`, nil},
	}
	for _, tt := range tests {
		o, err := parseObject(json.RawMessage(tt.in))
		if err != nil {
			t.Fatalf("%s: %v", tt.in, err)
		}
		for _, k := range []string{"m", "new", "k"} { // map order must not matter
			if v, ok := tt.set[k]; ok {
				o = o.set(k, v)
			}
		}
		if got := string(o.raw()); got != tt.want {
			t.Errorf("%s: got %s, want %s", tt.in, got, tt.want)
		}
	}
}

func TestObjectRejectsNonObjects(t *testing.T) {
	for _, in := range []string{`[1]`, `"s"`, `{"a":1} {"b":2}`, `{"a":`, `3`} {
		if _, err := parseObject(json.RawMessage(in)); err == nil {
			t.Errorf("%s: accepted", in)
		}
	}
}
