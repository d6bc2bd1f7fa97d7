package commands

import "testing"

// Unknown keys, key order, numbers, unicode and a tab indentation survive a round trip.
func TestJSONRoundTripKeepsLayout(t *testing.T) {
	in := "{\n\t\"zeta\": 1.50,\n\t\"model\": \"opus\",\n\t\"env\": {\"A\": \"<b>&é\"},\n\t\"permissions\": {\n\t\t\"deny\": [],\n\t\t\"allow\": [\n\t\t\t\"Bash(ls:*)\"\n\t\t]\n\t},\n\t\"on\": true,\n\t\"off\": null\n}\n"
	n, err := parseJSON([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	want := "{\n\t\"zeta\": 1.50,\n\t\"model\": \"opus\",\n\t\"env\": {\n\t\t\"A\": \"<b>&é\"\n\t},\n\t\"permissions\": {\n\t\t\"deny\": [],\n\t\t\"allow\": [\n\t\t\t\"Bash(ls:*)\"\n\t\t]\n\t},\n\t\"on\": true,\n\t\"off\": null\n}\n"
	if got := string(formatLike(n, []byte(in))); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

func TestJSONRejectsGarbage(t *testing.T) {
	for _, in := range []string{"{", "{} {}", "[1,]", ""} {
		if _, err := parseJSON([]byte(in)); err == nil {
			t.Errorf("parseJSON(%q) accepted it", in)
		}
	}
}
