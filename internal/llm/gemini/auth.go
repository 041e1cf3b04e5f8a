package gemini

import (
	"context"
	"fmt"
	"net/http"

	"cloud.google.com/go/auth"
	"cloud.google.com/go/auth/credentials"
	"cloud.google.com/go/auth/httptransport"
)

// cloudPlatformScope is the OAuth scope Vertex AI calls need.
const cloudPlatformScope = "https://www.googleapis.com/auth/cloud-platform"

// vertexClient returns hc with OAuth credentials added to every request:
// creds when given, else Application Default Credentials.
func vertexClient(ctx context.Context, hc *http.Client, creds *auth.Credentials) (*http.Client, error) {
	if creds == nil {
		var err error
		creds, err = credentials.DetectDefault(&credentials.DetectOptions{
			Scopes: []string{cloudPlatformScope},
			Client: hc,
		})
		if err != nil {
			return nil, fmt.Errorf("find google credentials: %w", err)
		}
	}
	var header http.Header
	if qp, err := creds.QuotaProjectID(ctx); err == nil && qp != "" {
		header = http.Header{"X-Goog-User-Project": {qp}}
	}
	base := hc.Transport
	if base == nil {
		base = http.DefaultTransport
	}
	authed, err := httptransport.NewClient(&httptransport.Options{
		Credentials:      creds,
		BaseRoundTripper: base,
		Headers:          header,
		DisableTelemetry: true,
	})
	if err != nil {
		return nil, fmt.Errorf("vertex http client: %w", err)
	}
	authed.Timeout = hc.Timeout
	return authed, nil
}
