package websearch

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
)

// maxAnswer bounds a search service's answer, in bytes.
const maxAnswer = 8 << 20

// userAgent identifies Hone to search services.
const userAgent = "hone/1 (terminal coding agent)"

// doJSON sends req and decodes a 2xx JSON answer into v; other statuses
// become errors with the start of the body.
func doJSON(ctx context.Context, client *http.Client, req *http.Request, v any) error {
	if client == nil {
		client = http.DefaultClient
	}
	req = req.WithContext(ctx)
	req.Header.Set("Accept", "application/json")
	req.Header.Set("User-Agent", userAgent)
	resp, err := client.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, maxAnswer))
	if err != nil {
		return fmt.Errorf("read answer: %w", err)
	}
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		snippet := strings.TrimSpace(string(body[:min(len(body), 300)]))
		return fmt.Errorf("%s answered %s: %s", req.URL.Host, resp.Status, snippet)
	}
	if err := json.Unmarshal(body, v); err != nil {
		return fmt.Errorf("decode answer of %s: %w", req.URL.Host, err)
	}
	return nil
}
