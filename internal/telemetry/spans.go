package telemetry

import (
	"context"
	"time"

	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"
	"go.opentelemetry.io/otel/metric"
	"go.opentelemetry.io/otel/trace"

	"github.com/honecode/hone/internal/agent"
	"github.com/honecode/hone/internal/session"
)

// Handle turns one agent event into spans, span events and metric
// points; events of no interest are ignored.
func (e *Exporter) Handle(ev agent.Event) {
	switch ev.Type {
	case agent.EventTurnStarted:
		e.turnStarted(ev)
	case agent.EventTurnFinished:
		e.turnFinished(ev)
	case agent.EventStepFinished:
		e.step(ev)
	case agent.EventToolStarted:
		e.toolStarted(ev)
	case agent.EventToolFinished:
		e.toolFinished(ev)
	case agent.EventModelSwitch, agent.EventFailover:
		e.mark(ev)
	}
}

func (e *Exporter) turnStarted(ev agent.Event) {
	e.mu.Lock()
	defer e.mu.Unlock()
	parent, name := context.Background(), "turn"
	if ev.ParentCallID != "" {
		name = "subagent"
		if p, ok := e.turns[ev.ParentSessionID]; ok {
			parent = p.ctx
			if t, ok := p.tools[ev.ParentCallID]; ok {
				parent = t.ctx
			}
		}
	}
	ctx, span := e.tracer.Start(parent, name, trace.WithAttributes(attribute.String("hone.session.id", ev.SessionID)))
	if ev.ParentSessionID != "" {
		span.SetAttributes(attribute.String("hone.parent_session.id", ev.ParentSessionID))
	}
	e.turns[ev.SessionID] = &turnSpans{turn: span, ctx: ctx, tools: map[string]toolSpan{}}
}

func (e *Exporter) turnFinished(ev agent.Event) {
	e.mu.Lock()
	ts, ok := e.turns[ev.SessionID]
	delete(e.turns, ev.SessionID)
	e.mu.Unlock()
	if !ok {
		return
	}
	if r := ev.Result; r != nil {
		ts.turn.SetAttributes(attribute.String("hone.turn.reason", string(r.Reason)), attribute.Int("hone.turn.steps", r.Steps),
			attribute.Int64("gen_ai.usage.input_tokens", r.Usage.Input+r.Usage.CacheRead+r.Usage.CacheWrite),
			attribute.Int64("gen_ai.usage.output_tokens", r.Usage.Output), attribute.Float64("hone.cost_usd", r.Cost))
		if r.Err != nil {
			ts.turn.SetStatus(codes.Error, r.Err.Error())
		}
	}
	for _, t := range ts.tools {
		t.span.End()
	}
	ts.turn.End()
}

// parentOf is the context spans of session id hang below.
func (e *Exporter) parentOf(id string) (context.Context, *turnSpans) {
	if ts, ok := e.turns[id]; ok {
		return ts.ctx, ts
	}
	return context.Background(), nil
}

func (e *Exporter) step(ev agent.Event) {
	s := ev.Step
	if s == nil {
		return
	}
	e.mu.Lock()
	parent, _ := e.parentOf(ev.SessionID)
	e.mu.Unlock()
	end := time.Now()
	_, span := e.tracer.Start(parent, "step", trace.WithTimestamp(end.Add(-time.Duration(s.LatencyMS)*time.Millisecond)),
		trace.WithSpanKind(trace.SpanKindClient), trace.WithAttributes(stepAttrs(s)...))
	if s.Switch != nil {
		span.SetAttributes(attribute.String("hone.model_switch.reason", s.Switch.Reason),
			attribute.String("hone.model_switch.from", s.Switch.From), attribute.String("hone.model_switch.to", s.Switch.To))
	}
	if e.cfg.IncludeContent && ev.Message != nil {
		span.SetAttributes(attribute.String("hone.output.text", ev.Message.LLM().Text()))
	}
	if s.Error != "" {
		span.SetStatus(codes.Error, s.Error)
	}
	span.End(trace.WithTimestamp(end))
	e.countStep(s)
}

func stepAttrs(s *session.Turn) []attribute.KeyValue {
	attrs := []attribute.KeyValue{
		attribute.String("gen_ai.operation.name", "chat"),
		attribute.String("gen_ai.provider.name", s.Provider),
		attribute.String("gen_ai.request.model", s.Model),
		attribute.Int64("gen_ai.usage.input_tokens", s.InputTokens+s.CacheRead+s.CacheWrite),
		attribute.Int64("gen_ai.usage.output_tokens", s.OutputTokens),
		attribute.Int64("hone.usage.cache_read_tokens", s.CacheRead),
		attribute.Int64("hone.usage.cache_write_tokens", s.CacheWrite),
		attribute.Float64("hone.cost_usd", s.Cost),
		attribute.Int64("hone.ttft_ms", s.TTFTMS),
		attribute.String("hone.finish_reason", s.FinishReason),
	}
	if len(s.Failovers) > 0 {
		attrs = append(attrs, attribute.StringSlice("hone.failovers", s.Failovers))
	}
	return attrs
}

func (e *Exporter) countStep(s *session.Turn) {
	ctx := context.Background()
	model := attribute.String("gen_ai.request.model", s.Provider+"/"+s.Model)
	for typ, n := range map[string]int64{"input": s.InputTokens, "output": s.OutputTokens, "cache_read": s.CacheRead, "cache_write": s.CacheWrite} {
		if n > 0 {
			e.m.tokens.Add(ctx, n, metric.WithAttributes(model, attribute.String("gen_ai.token.type", typ)))
		}
	}
	if s.Cost > 0 {
		e.m.cost.Add(ctx, s.Cost, metric.WithAttributes(model))
	}
}

func (e *Exporter) toolStarted(ev agent.Event) {
	if ev.Call == nil {
		return
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	parent, ts := e.parentOf(ev.SessionID)
	ctx, span := e.tracer.Start(parent, "tool "+ev.Call.ToolName, trace.WithAttributes(
		attribute.String("gen_ai.operation.name", "execute_tool"),
		attribute.String("gen_ai.tool.name", ev.Call.ToolName),
		attribute.String("gen_ai.tool.call.id", ev.Call.ToolCallID)))
	if e.cfg.IncludeContent {
		span.SetAttributes(attribute.String("hone.tool.input", ev.Call.Input))
	}
	if ts == nil {
		span.End()
		return
	}
	ts.tools[ev.Call.ToolCallID] = toolSpan{span: span, ctx: ctx}
}

func (e *Exporter) toolFinished(ev agent.Event) {
	if ev.Call == nil {
		return
	}
	e.mu.Lock()
	var t toolSpan
	var ok bool
	if ts := e.turns[ev.SessionID]; ts != nil {
		t, ok = ts.tools[ev.Call.ToolCallID]
		delete(ts.tools, ev.Call.ToolCallID)
	}
	e.mu.Unlock()
	outcome, size := session.OutcomeOK, 0
	if r := ev.ResultPart; r != nil {
		size = len(r.Text)
		if r.IsError {
			outcome = session.OutcomeError
		}
		if ok && e.cfg.IncludeContent {
			t.span.SetAttributes(attribute.String("hone.tool.output", r.Text))
		}
	}
	if ev.Denied {
		outcome = session.OutcomeDenied
	}
	e.m.tools.Add(context.Background(), 1, metric.WithAttributes(attribute.String("gen_ai.tool.name", ev.Call.ToolName),
		attribute.String("hone.tool.outcome", outcome)))
	if !ok {
		return
	}
	t.span.SetAttributes(attribute.String("hone.tool.outcome", outcome), attribute.Int("hone.tool.result_bytes", size))
	if outcome != session.OutcomeOK {
		t.span.SetStatus(codes.Error, outcome)
	}
	t.span.End()
}

// mark adds a model switch or failover as an event of the turn's span.
func (e *Exporter) mark(ev agent.Event) {
	e.mu.Lock()
	ts := e.turns[ev.SessionID]
	e.mu.Unlock()
	if ts == nil {
		return
	}
	attrs := []attribute.KeyValue{attribute.String("hone.text", ev.Text)}
	if sw := ev.Switch; sw != nil {
		attrs = append(attrs, attribute.String("hone.model_switch.reason", sw.Reason),
			attribute.String("hone.model_switch.from", sw.From), attribute.String("hone.model_switch.to", sw.To))
	}
	ts.turn.AddEvent(string(ev.Type), trace.WithAttributes(attrs...))
}
