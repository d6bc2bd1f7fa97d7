package protocol

import (
	"encoding/json"
	"testing"
)

func TestInputFieldsKeepOrderAndValues(t *testing.T) {
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
		o, err := ParseInputFields(json.RawMessage(tt.in))
		if err != nil {
			t.Fatalf("%s: %v", tt.in, err)
		}
		for _, k := range []string{"m", "new", "k"} { // map order must not matter
			if v, ok := tt.set[k]; ok {
				o = o.Set(k, v)
			}
		}
		if got := string(o.Raw()); got != tt.want {
			t.Errorf("%s: got %s, want %s", tt.in, got, tt.want)
		}
	}
	o, _ := ParseInputFields(json.RawMessage(`{"a":1,"b":2,"c":3}`))
	if got := string(o.Delete("b").Raw()); got != `{"a":1,"c":3}` {
		t.Errorf("Delete: got %s", got)
	}
}

func TestInputFieldsRejectNonObjects(t *testing.T) {
	for _, in := range []string{`[1]`, `"s"`, `{"a":1} {"b":2}`, `{"a":`, `3`} {
		if _, err := ParseInputFields(json.RawMessage(in)); err == nil {
			t.Errorf("%s: accepted", in)
		}
	}
}
