package llm

import "sync"

// Warmup starts a provider client's warm-up once, on a goroutine of its
// own, when a response it streams first calls a tool. A process's first
// encoding of each kind of message builds its SDK's reflective encoder;
// done while the calls stream and run, that work stays out of the gap
// between a tool's result and the next request. An answer without tool
// calls, after which no request follows in `hone run`, never pays it
// while it streams.
type Warmup struct {
	once sync.Once
}

// Watch returns yield, which also starts fn (once per Warmup) as it
// passes on the response's first EventToolCallStart.
func (w *Warmup) Watch(yield func(Event, error) bool, fn func()) func(Event, error) bool {
	seen := false
	return func(ev Event, err error) bool {
		if !seen && ev.Type == EventToolCallStart {
			seen = true
			w.once.Do(func() { go fn() })
		}
		return yield(ev, err)
	}
}
