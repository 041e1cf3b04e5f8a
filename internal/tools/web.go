package tools

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// userAgent identifies the fetch and download tools to web servers.
const userAgent = "hone/1 (terminal coding agent)"

// parseWebURL accepts only absolute http and https URLs with a host; the
// message explains a refusal to the model.
func parseWebURL(raw string) (*url.URL, string) {
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil {
		return nil, fmt.Sprintf("invalid URL %q: %v", raw, err)
	}
	if u.Scheme != "http" && u.Scheme != "https" {
		return nil, fmt.Sprintf("only http and https URLs can be fetched, not %q.", raw)
	}
	if u.Host == "" {
		return nil, fmt.Sprintf("the URL %q has no host.", raw)
	}
	return u, ""
}

// routedURL is where a request for u actually goes: with a base URL set
// (replay tests), https://HOST/PATH becomes base+"HOST/PATH".
func routedURL(base string, u *url.URL) string {
	if base == "" {
		return u.String()
	}
	s := base + u.Host + u.EscapedPath()
	if u.RawQuery != "" {
		s += "?" + u.RawQuery
	}
	return s
}

// timeoutSeconds turns a timeout argument into a duration: def when
// unset, capped at max.
func timeoutSeconds(arg, def, max int) time.Duration {
	if arg <= 0 {
		arg = def
	}
	return time.Duration(min(arg, max)) * time.Second
}

// webGet sends a GET for u (routed per env.FetchBaseURL) and returns the
// response when its status is 2xx. The caller closes the body.
func webGet(ctx context.Context, env *Env, u *url.URL, accept string) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, routedURL(env.FetchBaseURL, u), nil)
	if err != nil {
		return nil, fmt.Errorf("build request: %w", err)
	}
	req.Header.Set("User-Agent", userAgent)
	if accept != "" {
		req.Header.Set("Accept", accept)
	}
	client := env.HTTPClient
	if client == nil {
		client = &http.Client{}
	}
	resp, err := client.Do(req)
	if err != nil {
		return nil, err
	}
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
		resp.Body.Close()
		return nil, fmt.Errorf("the server answered %s", resp.Status)
	}
	return resp, nil
}
