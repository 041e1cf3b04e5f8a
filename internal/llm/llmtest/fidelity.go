package llmtest

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/honecode/hone/internal/llm"
)

// Texts of FidelityRequest, in conversation order. Each must reach the
// provider intact and apart from the others: as its own JSON string, or
// inside one with a blank line (llm.PartSeparator) on each side.
var (
	FidelitySummary    = "The earlier part of this session was summarized to free up context. Summary:\n\nThe user fixes the login form."
	FidelityAttachment = "<attachment name=\"notes.txt\">\nremember the tests\n</attachment>"
	fidelityTexts      = []string{
		FidelitySummary, "continue please", "queued prompt A", "queued prompt B", "failed prompt C",
		"look at this file", FidelityAttachment,
	}
)

// FidelityRequest is the conversation a session has after a summary, a
// turn, prompts queued and failed meanwhile, and a prompt with a text
// attachment and an image: several user messages in a row.
func FidelityRequest(model string) *llm.Request {
	return &llm.Request{
		Model:  model,
		System: []string{RichSystem},
		Messages: []llm.Message{
			User(FidelitySummary),
			User("continue please"),
			{Role: llm.RoleAssistant, Parts: []llm.Part{llm.Text("Sure, carrying on.")}},
			User("queued prompt A"),
			User("queued prompt B"),
			User("failed prompt C"),
			{Role: llm.RoleUser, Parts: []llm.Part{
				llm.Text("look at this file"),
				llm.Text(FidelityAttachment),
				{Type: llm.PartImage, MediaType: "image/png", Data: PNG},
			}},
		},
		Tools:     Tools(),
		MaxTokens: 256,
	}
}

// fidelity sends FidelityRequest and checks every prompt, the summary and
// the attachment arrive intact, separated and in order, and the image in
// a string of its own.
func (s suite) fidelity(t *testing.T) {
	srv := NewServer(t, s.h.Text)
	mustFinish(t, s.collect(t, s.provider(t, srv), FidelityRequest(s.h.Model)), llm.FinishStop)
	if err := CheckFidelity(onlyBody(t, srv), fidelityTexts, PNGBase64()); err != nil {
		t.Error(err)
	}
}

// CheckFidelity checks that body (a JSON request) carries each of texts,
// in order, intact and apart: each is a JSON string of its own, or sits in
// one between blank lines; and that image (base64) is in a string that
// holds none of the texts.
func CheckFidelity(body []byte, texts []string, image string) error {
	strs, err := jsonStrings(body)
	if err != nil {
		return err
	}
	var errs []error
	at, off := 0, 0
	for _, want := range texts {
		i, o, ok := findBounded(strs, want, at, off)
		if !ok {
			errs = append(errs, fmt.Errorf("%q is not in the request as its own part (or between blank lines) after the text before it", want))
			continue
		}
		at, off = i, o+len(want)
	}
	if image != "" && !imageApart(strs, image, texts) {
		errs = append(errs, fmt.Errorf("the image is not in a part of its own"))
	}
	if len(errs) > 0 {
		errs = append(errs, fmt.Errorf("request body:\n%s", body))
	}
	return errors.Join(errs...)
}

// findBounded finds want in strs at or after string at, offset off, with
// a string edge or a blank line on each side.
func findBounded(strs []string, want string, at, off int) (int, int, bool) {
	for i := at; i < len(strs); i++ {
		s, from := strs[i], 0
		if i == at {
			from = off
		}
		for from <= len(s) {
			j := strings.Index(s[from:], want)
			if j < 0 {
				break
			}
			j += from
			end := j + len(want)
			if (j == 0 || strings.HasSuffix(s[:j], llm.PartSeparator)) &&
				(end == len(s) || strings.HasPrefix(s[end:], llm.PartSeparator)) {
				return i, j, true
			}
			from = j + 1
		}
	}
	return 0, 0, false
}

func imageApart(strs []string, image string, texts []string) bool {
	for _, s := range strs {
		if !strings.Contains(s, image) {
			continue
		}
		clean := true
		for _, tx := range texts {
			clean = clean && !strings.Contains(s, tx)
		}
		if clean {
			return true
		}
	}
	return false
}

// jsonStrings lists every string of a JSON document (keys included), in
// document order.
func jsonStrings(body []byte) ([]string, error) {
	dec := json.NewDecoder(bytes.NewReader(body))
	var out []string
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return nil, fmt.Errorf("request body is not JSON: %v", err)
		}
		if s, ok := tok.(string); ok {
			out = append(out, s)
		}
	}
}
