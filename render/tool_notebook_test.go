package render

func init() {
	const path = "/home/dev/project/analysis.ipynb"
	fixtures["notebook_replace_waiting"] = toolFixture(ToolCall{Name: "NotebookEdit", State: ToolWaitingPermission,
		Input: in(`{"notebook_path":"` + path + `","cell_id":"4f1c2a","new_source":"import pandas as pd\ndf = pd.read_csv(\"data.csv\")\ndf.describe()","cell_type":"code"}`)})
	fixtures["notebook_insert_streaming"] = toolFixture(ToolCall{Name: "NotebookEdit", State: ToolInputStreaming, Spinner: "◐",
		Input: in(`{"notebook_path":"` + path + `","edit_mode":"insert","cell_type":"markdown","new_source":"## Results\n\nThe mean is`)})
	fixtures["notebook_long_done"] = toolFixture(ToolCall{Name: "NotebookEdit", State: ToolDone,
		Input:  in(`{"notebook_path":"` + path + `","cell_id":"c1","new_source":"` + numberedSource(14) + `"}`),
		Result: done("Updated cell c1 with "+numberedSource(1), "")})
	fixtures["notebook_delete_done"] = toolFixture(ToolCall{Name: "NotebookEdit", State: ToolDone,
		Input:  in(`{"notebook_path":"` + path + `","cell_id":"9b07e3","edit_mode":"delete","new_source":""}`),
		Result: done("Deleted cell 9b07e3", "")})
}

// numberedSource is n lines of Python, JSON-escaped.
func numberedSource(n int) string {
	var s string
	for i := range n {
		if i > 0 {
			s += `\n`
		}
		s += "x" + string(rune('a'+i%26)) + " = " + string(rune('0'+i%10))
	}
	return s
}
