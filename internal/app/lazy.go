package app

import (
	"sync"
	"sync/atomic"
)

// lazy holds a value built once, on first use, with its build error.
type lazy[T any] struct {
	once  sync.Once
	built atomic.Bool
	v     T
	err   error
}

// get builds the value with build on the first call and returns the same
// value and error afterwards.
func (l *lazy[T]) get(build func() (T, error)) (T, error) {
	l.once.Do(func() {
		l.v, l.err = build()
		l.built.Store(true)
	})
	return l.v, l.err
}

// done reports whether the value has been built (successfully or not).
func (l *lazy[T]) done() bool { return l.built.Load() }
