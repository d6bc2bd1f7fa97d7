package protocol

import (
	"encoding/json"
	"fmt"
	"strings"
)

// PatchInput returns a copy of a tool input object with the given top-level fields set
// (a nil value deletes the field). Fields it does not touch keep their exact values, so a
// host that edits one field of an input it does not fully model loses nothing.
func PatchInput(input json.RawMessage, set map[string]any) (json.RawMessage, error) {
	fields := map[string]json.RawMessage{}
	if len(input) > 0 && string(input) != "null" {
		if err := json.Unmarshal(input, &fields); err != nil {
			return nil, fmt.Errorf("protocol: tool input is not an object: %w", err)
		}
		if fields == nil {
			fields = map[string]json.RawMessage{}
		}
	}
	for k, v := range set {
		if v == nil {
			delete(fields, k)
			continue
		}
		b, err := json.Marshal(v)
		if err != nil {
			return nil, fmt.Errorf("protocol: tool input field %q: %w", k, err)
		}
		fields[k] = b
	}
	return json.Marshal(fields)
}

// AnswerQuestions builds the updatedInput that answers an AskUserQuestion request: the
// original input plus answers (question text → label, see JoinAnswers) and, if any,
// annotations. Allow the tool with the result. To report that the user did not answer,
// allow with the original input instead.
func AnswerQuestions(input json.RawMessage, answers map[string]string, annotations map[string]QuestionAnnotation) (json.RawMessage, error) {
	set := map[string]any{}
	if len(answers) > 0 {
		set["answers"] = answers
	}
	if len(annotations) > 0 {
		set["annotations"] = annotations
	}
	return PatchInput(input, set)
}

// JoinAnswers is how a multi-select answer is written: the chosen labels joined by ", ".
func JoinAnswers(labels []string) string { return strings.Join(labels, ", ") }
