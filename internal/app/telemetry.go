package app

import (
	"context"
	"sync/atomic"
	"time"

	"github.com/honecode/hone/internal/agent"
	"github.com/honecode/hone/internal/config"
)

// TelemetryFunc builds the exporter of the Coordinator's events to the
// OTLP/HTTP endpoint; includeContent adds prompts, answers and tool input
// and output (package telemetry).
type TelemetryFunc func(ctx context.Context, endpoint string, includeContent bool) (TelemetryExporter, error)

// TelemetryExporter exports a Coordinator's events as they are published.
type TelemetryExporter interface {
	// Handle exports what one event says (a span starts or ends, a
	// counter moves); it never blocks on the network.
	Handle(ev agent.Event)
	// Shutdown sends what is buffered and stops.
	Shutdown(ctx context.Context) error
}

// shutdownTimeout bounds the last export when Hone exits.
const shutdownTimeout = 5 * time.Second

// TelemetryWanted says whether the config (options.telemetry) or the
// environment (OTEL_EXPORTER_OTLP_ENDPOINT) asks for an OpenTelemetry
// export. It loads the config.
func (a *App) TelemetryWanted(ctx context.Context) (bool, error) {
	loaded, err := a.Config(ctx)
	if err != nil {
		return false, err
	}
	return a.telemetryEndpoint(loaded.Config.Options.Telemetry) != "", nil
}

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
	if a.opts.Telemetry == nil {
		a.Logger().Warn("telemetry off: this executable does not link the OTLP exporter; hone-full does", "endpoint", endpoint)
		return func(*agent.Coordinator) {}
	}
	exp, err := a.opts.Telemetry(ctx, endpoint, t.IncludeContent)
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
