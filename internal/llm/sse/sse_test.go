package sse

import (
	"errors"
	"io"
	"net/http"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/openai/openai-go/v3/packages/ssestream"
)

type event struct{ typ, data string }

func readAll(t *testing.T, body io.Reader) ([]event, error) {
	t.Helper()
	r := NewReader(body)
	var out []event
	for r.Next() {
		out = append(out, event{r.Type(), string(r.Data())})
	}
	return out, r.Err()
}

func sdkAll(body string) []event {
	resp := &http.Response{Body: io.NopCloser(strings.NewReader(body)), Header: http.Header{"Content-Type": {"text/event-stream"}}}
	dec := ssestream.NewDecoder(resp)
	var out []event
	for dec.Next() {
		out = append(out, event{dec.Event().Type, string(dec.Event().Data)})
	}
	return out
}

// TestReaderMatchesSDK: the Reader yields the events the openai-go
// decoder yields, whatever sizes the body arrives in.
func TestReaderMatchesSDK(t *testing.T) {
	t.Parallel()
	bodies := []string{
		"data: {\"a\":1}\n\ndata: [DONE]\n\n",
		"event: message_start\ndata: {\"x\":1}\n\nevent: ping\ndata: {}\n\n",
		"data:no space\r\n\r\ndata:  two spaces\n\n",
		": comment\n\nid: 7\nretry: 100\ndata: a\ndata: b\n\n",
		"event: lonely\n\ndata: after\n\n",
		"data\n\n",
		"data: unterminated",
		"data: x\n\ndata: y\n",
		"\n\n\ndata: z\n\n",
		"event: a\nevent: b\ndata: 1\n\n",
		"data: " + strings.Repeat("long ", 30000) + "\n\n",
		"",
	}
	for _, body := range bodies {
		want := sdkAll(body)
		for name, rd := range map[string]io.Reader{
			"whole":    strings.NewReader(body),
			"one-byte": iotest.OneByteReader(strings.NewReader(body)),
			"half":     iotest.HalfReader(strings.NewReader(body)),
		} {
			got, err := readAll(t, rd)
			if err != nil {
				t.Errorf("%q (%s): %v", body, name, err)
			}
			if len(got) != len(want) {
				t.Errorf("%.60q (%s): %d events, want %d", body, name, len(got), len(want))
				continue
			}
			for i := range got {
				if got[i] != want[i] {
					t.Errorf("%.60q (%s) event %d = %.60q, want %.60q", body, name, i, got[i], want[i])
				}
			}
		}
	}
}

// TestReaderErrors: a read error ends the stream with that error; a line
// over MaxLine ends it with ErrLineTooLong.
func TestReaderErrors(t *testing.T) {
	t.Parallel()
	boom := errors.New("boom")
	r := NewReader(io.MultiReader(strings.NewReader("data: 1\n\ndata: 2"), iotest.ErrReader(boom)))
	n := 0
	for r.Next() {
		n++
	}
	if n != 1 || !errors.Is(r.Err(), boom) {
		t.Errorf("events %d, err %v; want 1, boom", n, r.Err())
	}
	long := io.MultiReader(strings.NewReader("data: "), strings.NewReader(strings.Repeat("x", MaxLine+1)))
	r = NewReader(long)
	if r.Next() || !errors.Is(r.Err(), ErrLineTooLong) {
		t.Errorf("long line: err %v", r.Err())
	}
}

func BenchmarkReader(b *testing.B) {
	frame := `data: {"id":"chatcmpl-1","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"content":"tok "}}]}` + "\n\n"
	body := strings.Repeat(frame, 5000)
	b.SetBytes(int64(len(body)))
	b.ReportAllocs()
	for b.Loop() {
		r := NewReader(strings.NewReader(body))
		for r.Next() {
		}
	}
}
