package app

import (
	"context"
	"sync/atomic"
	"time"

	"github.com/honecode/hone/internal/agent"
	"github.com/honecode/hone/internal/config"
	"github.com/honecode/hone/internal/telemetry"
)

// shutdownTimeout bounds the last export when Hone exits.
const shutdownTimeout = 5 * time.Second

// telemetryEndpoint is where OpenTelemetry data goes: the config's
// otlp_endpoint, else OTEL_EXPORTER_OTLP_ENDPOINT; "" exports nothing.
func (a *App) telemetryEndpoint(t config.Telemetry) string {
	if t.Disabled {
		return ""
	}
	if t.OTLPEndpoint != "" {
		return t.OTLPEndpoint
	}
	return a.opts.Getenv("OTEL_EXPORTER_OTLP_ENDPOINT")
}

// startTelemetry exports the Coordinator's turns when an endpoint is
// configured; otherwise it builds nothing. It must be called before the
// Coordinator's own closer is registered: closers run newest first, so
// the export is flushed after the last turn ended.
func (a *App) startTelemetry(ctx context.Context, t config.Telemetry) func(*agent.Coordinator) {
	endpoint := a.telemetryEndpoint(t)
	if endpoint == "" {
		return func(*agent.Coordinator) {}
	}
	exp, err := telemetry.New(ctx, telemetry.Config{Endpoint: endpoint, IncludeContent: t.IncludeContent})
	if err != nil {
		a.Logger().Warn("telemetry off", "err", err)
		return func(*agent.Coordinator) {}
	}
	done := make(chan struct{})
	var started atomic.Bool
	a.onClose(func() error {
		if started.Load() {
			<-done
		}
		sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), shutdownTimeout)
		defer cancel()
		return exp.Shutdown(sctx)
	})
	return func(c *agent.Coordinator) {
		// The subscription ends when the Coordinator closes its broker.
		ch := c.Subscribe(context.WithoutCancel(ctx))
		started.Store(true)
		go func() {
			defer close(done)
			for ev := range ch {
				exp.Handle(ev.Payload)
			}
		}()
	}
}
