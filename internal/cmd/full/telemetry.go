package full

import (
	"context"

	"github.com/honecode/hone/internal/app"
	"github.com/honecode/hone/internal/telemetry"
)

// newTelemetry is app.TelemetryFunc over package telemetry, which links
// the OTel SDK and its OTLP exporters.
func newTelemetry(ctx context.Context, endpoint string, includeContent bool) (app.TelemetryExporter, error) {
	exp, err := telemetry.New(ctx, telemetry.Config{Endpoint: endpoint, IncludeContent: includeContent})
	if err != nil {
		return nil, err
	}
	return exp, nil
}
