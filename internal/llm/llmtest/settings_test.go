package llmtest

import (
	"reflect"
	"testing"

	"github.com/honecode/hone/internal/llm"
)

// TestSettingStepsChangeEveryField: SettingSteps changes every field of
// llm.Request but the messages at some step, so a field added to
// llm.Request fails here until the steps change it too.
func TestSettingStepsChangeEveryField(t *testing.T) {
	t.Parallel()
	temp := 0.2
	base := &llm.Request{Model: "m", System: []string{"s"}, Tools: Tools(), MaxTokens: 10, Temperature: &temp,
		ReasoningEffort: "low", Messages: []llm.Message{User("u")}}
	steps := SettingSteps(base)
	names, _ := RequestFields()
	for i, name := range names {
		if name == "Messages" {
			continue
		}
		changed := false
		for _, s := range steps {
			a, b := reflect.ValueOf(base).Elem().Field(i), reflect.ValueOf(s).Elem().Field(i)
			changed = changed || !reflect.DeepEqual(a.Interface(), b.Interface())
		}
		if !changed {
			t.Errorf("no step changes field %s", name)
		}
	}
	for i, s := range steps {
		if len(s.Messages) != len(base.Messages)+i {
			t.Errorf("step %d has %d messages, want %d", i, len(s.Messages), len(base.Messages)+i)
		}
	}
}

// TestRequestFieldsSetOneFieldEach: each request RequestFields returns
// differs from the zero request in exactly its own field.
func TestRequestFieldsSetOneFieldEach(t *testing.T) {
	t.Parallel()
	names, reqs := RequestFields()
	var zero llm.Request
	for i, r := range reqs {
		v := reflect.ValueOf(r).Elem()
		for j := range v.NumField() {
			same := reflect.DeepEqual(v.Field(j).Interface(), reflect.ValueOf(zero).Field(j).Interface())
			if same == (i == j) {
				t.Errorf("request for %s: field %s same as zero: %v", names[i], names[j], same)
			}
		}
	}
}
