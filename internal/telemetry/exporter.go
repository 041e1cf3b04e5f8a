package telemetry

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"

	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/exporters/otlp/otlpmetric/otlpmetrichttp"
	"go.opentelemetry.io/otel/exporters/otlp/otlptrace/otlptracehttp"
	"go.opentelemetry.io/otel/metric"
	sdkmetric "go.opentelemetry.io/otel/sdk/metric"
	"go.opentelemetry.io/otel/sdk/resource"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/trace"
)

// Config says where and what to export.
type Config struct {
	// Endpoint is the OTLP/HTTP base URL ("http://localhost:4318");
	// traces go to /v1/traces and metrics to /v1/metrics below it.
	Endpoint string
	// Headers are sent with every export (a collector's API key); nil
	// leaves them to OTEL_EXPORTER_OTLP_HEADERS.
	Headers map[string]string
	// IncludeContent adds tool input and output and the answers' text.
	IncludeContent bool
	// Version is Hone's version, the service.version resource attribute.
	Version string
}

// Exporter turns agent events into spans and metric points. It is safe
// for concurrent use.
type Exporter struct {
	cfg    Config
	tp     *sdktrace.TracerProvider
	mp     *sdkmetric.MeterProvider
	tracer trace.Tracer
	m      instruments

	mu    sync.Mutex
	turns map[string]*turnSpans // by session id
}

// turnSpans are the open spans of a session's running turn.
type turnSpans struct {
	turn  trace.Span
	ctx   context.Context
	tools map[string]toolSpan // by call id
}

type toolSpan struct {
	span trace.Span
	ctx  context.Context
}

// New builds the OTLP/HTTP exporters and providers for cfg.
func New(ctx context.Context, cfg Config) (*Exporter, error) {
	base := strings.TrimRight(cfg.Endpoint, "/")
	if base == "" {
		return nil, errors.New("telemetry: no endpoint")
	}
	topts := []otlptracehttp.Option{otlptracehttp.WithEndpointURL(base + "/v1/traces")}
	mopts := []otlpmetrichttp.Option{otlpmetrichttp.WithEndpointURL(base + "/v1/metrics")}
	if cfg.Headers != nil {
		topts = append(topts, otlptracehttp.WithHeaders(cfg.Headers))
		mopts = append(mopts, otlpmetrichttp.WithHeaders(cfg.Headers))
	}
	te, err := otlptracehttp.New(ctx, topts...)
	if err != nil {
		return nil, fmt.Errorf("telemetry: trace exporter for %s: %w", base, err)
	}
	me, err := otlpmetrichttp.New(ctx, mopts...)
	if err != nil {
		return nil, fmt.Errorf("telemetry: metric exporter for %s: %w", base, err)
	}
	attrs := []attribute.KeyValue{attribute.String("service.name", "hone")}
	if cfg.Version != "" {
		attrs = append(attrs, attribute.String("service.version", cfg.Version))
	}
	res := resource.NewSchemaless(attrs...)
	e := &Exporter{
		cfg:   cfg,
		tp:    sdktrace.NewTracerProvider(sdktrace.WithBatcher(te), sdktrace.WithResource(res)),
		mp:    sdkmetric.NewMeterProvider(sdkmetric.WithReader(sdkmetric.NewPeriodicReader(me)), sdkmetric.WithResource(res)),
		turns: make(map[string]*turnSpans),
	}
	e.tracer = e.tp.Tracer("github.com/honecode/hone")
	if e.m, err = newInstruments(e.mp.Meter("github.com/honecode/hone")); err != nil {
		return nil, err
	}
	return e, nil
}

// Shutdown ends spans still open (a turn cut by the exit) and sends
// what is left, bounded by ctx.
func (e *Exporter) Shutdown(ctx context.Context) error {
	e.mu.Lock()
	for id, ts := range e.turns {
		for _, t := range ts.tools {
			t.span.End()
		}
		ts.turn.End()
		delete(e.turns, id)
	}
	e.mu.Unlock()
	return errors.Join(e.tp.Shutdown(ctx), e.mp.Shutdown(ctx))
}

// instruments are the exported counters.
type instruments struct {
	tokens metric.Int64Counter
	cost   metric.Float64Counter
	tools  metric.Int64Counter
}

func newInstruments(m metric.Meter) (instruments, error) {
	var in instruments
	var err, e error
	in.tokens, e = m.Int64Counter("hone.tokens", metric.WithDescription("Tokens used by model steps, by type and model."), metric.WithUnit("{token}"))
	err = errors.Join(err, e)
	in.cost, e = m.Float64Counter("hone.cost", metric.WithDescription("Cost of model steps in US dollars, by model."), metric.WithUnit("USD"))
	err = errors.Join(err, e)
	in.tools, e = m.Int64Counter("hone.tool_calls", metric.WithDescription("Tool calls by tool and outcome."), metric.WithUnit("{call}"))
	err = errors.Join(err, e)
	if err != nil {
		return instruments{}, fmt.Errorf("telemetry: instruments: %w", err)
	}
	return in, nil
}
