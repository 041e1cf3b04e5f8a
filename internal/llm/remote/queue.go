package remote

import (
	"context"
	"sync"
)

// queue holds the frames of one call or one forwarded request until
// their reader takes them. It never blocks the frame reader, which
// serves every call: a slow consumer only grows its own queue.
type queue struct {
	mu    sync.Mutex
	items []frame
	ready chan struct{} // holds a token while items may be non-empty
}

func newQueue() *queue { return &queue{ready: make(chan struct{}, 1)} }

func (q *queue) push(f frame) {
	q.mu.Lock()
	q.items = append(q.items, f)
	q.mu.Unlock()
	select {
	case q.ready <- struct{}{}:
	default:
	}
}

// pop returns the oldest frame, waiting for one. It fails with ctx's
// error, or with errGone once gone is closed and the queue is empty.
func (q *queue) pop(ctx context.Context, gone <-chan struct{}) (frame, error) {
	for {
		q.mu.Lock()
		if len(q.items) > 0 {
			f := q.items[0]
			q.items[0] = frame{}
			q.items = q.items[1:]
			q.mu.Unlock()
			return f, nil
		}
		q.mu.Unlock()
		select {
		case <-q.ready:
		case <-ctx.Done():
			return frame{}, ctx.Err()
		case <-gone:
			select {
			case <-q.ready:
			default:
				return frame{}, errGone
			}
		}
	}
}
