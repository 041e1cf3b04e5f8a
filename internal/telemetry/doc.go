// Package telemetry exports the operations of turns as OpenTelemetry
// traces and metrics over OTLP/HTTP (options.telemetry, or the standard
// OTEL_EXPORTER_OTLP_ENDPOINT): one span per turn, model step, tool call
// and sub-agent, with token and cost attributes, and counters of tokens,
// cost and tool calls by outcome. It listens to the Coordinator's events;
// the app builds it only when an endpoint is configured, so nothing is
// sent, and the SDK is not started, otherwise. Prompts, answers and tool
// input and output are left out unless IncludeContent is set.
package telemetry
