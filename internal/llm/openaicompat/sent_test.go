package openaicompat

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/llm/llmtest"
)

// TestWhenSentRunsBeforeTheAnswer: the function llm.WhenSent attaches
// runs once the SDK has written the request, while the server still
// holds back its answer.
func TestWhenSentRunsBeforeTheAnswer(t *testing.T) {
	t.Parallel()
	sent := make(chan struct{})
	var once sync.Once
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		select {
		case <-sent:
		case <-time.After(5 * time.Second):
			http.Error(w, `{"error":{"message":"the request was never reported sent"}}`, http.StatusBadRequest)
			return
		}
		w.Header().Set("Content-Type", "text/event-stream")
		fmt.Fprint(w, roleFrame()+textFrame("ok")+finishFrame("stop")+doneFrame())
	}))
	t.Cleanup(srv.Close)
	ctx := llm.WhenSent(t.Context(), func() { once.Do(func() { close(sent) }) })
	r := llmtest.Collect(ctx, New(Options{Name: "t", BaseURL: srv.URL}), llmtest.SimpleRequest("m", "hi"))
	if r.Err != nil || r.Text() != "ok" {
		t.Fatalf("answer %q, %v", r.Text(), r.Err)
	}
}
