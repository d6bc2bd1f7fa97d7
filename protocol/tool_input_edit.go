package protocol

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
)

// UpdateInput returns the tool input orig with the changes made to its typed value
// edited (e.g. a *BashInput whose Command the user edited): the members whose encoding
// edited changes are written in place, the members it clears (omitempty) are removed,
// and every other member — including those no typed input declares — keeps its place
// and its exact bytes. Decode orig into the same type before changing it.
func UpdateInput(orig json.RawMessage, edited any) (json.RawMessage, error) {
	fields, err := ParseInputFields(orig)
	if err != nil {
		return nil, fmt.Errorf("protocol: tool input is not an object: %w", err)
	}
	t := reflect.TypeOf(edited)
	if t == nil {
		return nil, fmt.Errorf("protocol: no edited input")
	}
	if t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	before := reflect.New(t).Interface()
	if len(bytes.TrimSpace(orig)) > 0 {
		if err := json.Unmarshal(orig, before); err != nil {
			return nil, fmt.Errorf("protocol: tool input does not decode as %v: %w", t, err)
		}
	}
	base, err := typedFields(before)
	if err != nil {
		return nil, err
	}
	next, err := typedFields(edited)
	if err != nil {
		return nil, err
	}
	for _, f := range next {
		if old, ok := base.Get(f.Key); !ok || !bytes.Equal(old, f.Value) {
			fields = fields.Set(f.Key, f.Value)
		}
	}
	for _, f := range base {
		if _, ok := next.Get(f.Key); !ok {
			fields = fields.Delete(f.Key)
		}
	}
	return fields.Raw(), nil
}

// typedFields is a typed input's members as it encodes them, in field order.
func typedFields(v any) (InputFields, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return nil, fmt.Errorf("protocol: encoding a tool input: %w", err)
	}
	return ParseInputFields(b)
}

// AnswerQuestions builds the updatedInput that answers an AskUserQuestion request: the
// original input plus answers (question text → label, see JoinAnswers; an empty object
// when the user submitted none) and, if any, annotations. Allow the tool with the
// result. To report that the user did not answer at all, allow with the original input
// instead.
func AnswerQuestions(input json.RawMessage, answers map[string]string, annotations map[string]QuestionAnnotation) (json.RawMessage, error) {
	fields, err := ParseInputFields(input)
	if err != nil {
		return nil, fmt.Errorf("protocol: tool input is not an object: %w", err)
	}
	if answers == nil {
		answers = map[string]string{}
	}
	fields = fields.Set("answers", answers) // a map of strings always encodes
	if len(annotations) > 0 {
		fields = fields.Set("annotations", annotations)
	}
	return fields.Raw(), nil
}

// JoinAnswers is how a multi-select answer is written: the chosen labels joined by ", ".
func JoinAnswers(labels []string) string { return strings.Join(labels, ", ") }
