package redact

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
)

// Handler returns a slog.Handler that passes every record to h with its
// message and attribute values redacted by r, and the values of
// attributes named like credentials (api_key, authorization, token …)
// replaced by Marker whatever they hold.
func (r *Redactor) Handler(h slog.Handler) slog.Handler {
	return &handler{h: h, r: r}
}

type handler struct {
	h slog.Handler
	r *Redactor
}

func (h *handler) Enabled(ctx context.Context, l slog.Level) bool { return h.h.Enabled(ctx, l) }

func (h *handler) Handle(ctx context.Context, rec slog.Record) error {
	out := slog.NewRecord(rec.Time, rec.Level, h.r.String(rec.Message), rec.PC)
	rec.Attrs(func(a slog.Attr) bool {
		out.AddAttrs(h.r.attr(a))
		return true
	})
	return h.h.Handle(ctx, out)
}

func (h *handler) WithAttrs(as []slog.Attr) slog.Handler {
	red := make([]slog.Attr, len(as))
	for i, a := range as {
		red[i] = h.r.attr(a)
	}
	return &handler{h: h.h.WithAttrs(red), r: h.r}
}

func (h *handler) WithGroup(name string) slog.Handler {
	return &handler{h: h.h.WithGroup(name), r: h.r}
}

// attr redacts one attribute, groups included.
func (r *Redactor) attr(a slog.Attr) slog.Attr {
	if credentialKey(a.Key) {
		return slog.String(a.Key, Marker)
	}
	v := a.Value.Resolve()
	switch v.Kind() {
	case slog.KindString:
		return slog.String(a.Key, r.String(v.String()))
	case slog.KindGroup:
		g := v.Group()
		out := make([]slog.Attr, len(g))
		for i, ga := range g {
			out[i] = r.attr(ga)
		}
		return slog.Attr{Key: a.Key, Value: slog.GroupValue(out...)}
	case slog.KindAny:
		var text string
		if err, ok := v.Any().(error); ok {
			text = err.Error()
		} else {
			text = fmt.Sprintf("%+v", v.Any())
		}
		return slog.String(a.Key, r.String(text))
	}
	return slog.Attr{Key: a.Key, Value: v}
}

// credentialKey reports whether an attribute name says its value is a
// credential.
func credentialKey(key string) bool {
	switch strings.ToLower(key) {
	case "api_key", "apikey", "authorization", "x-api-key", "token", "password", "secret":
		return true
	}
	return false
}
