package sdkbody

import (
	"errors"
	"strconv"
	"sync"
	"testing"

	"github.com/honecode/hone/internal/llm"
)

// modelKey is the key of a request for model m.
func modelKey(m string) Key { return KeyOf(&llm.Request{Model: m}) }

// builder counts its builds and makes a skeleton that names the key's
// model, or one that cannot be spliced when ok is false.
type builder struct {
	mu    sync.Mutex
	calls int
}

func (b *builder) build(m string, ok bool) func() (Skeleton, bool, error) {
	return func() (Skeleton, bool, error) {
		b.mu.Lock()
		b.calls++
		b.mu.Unlock()
		return Skeleton{parts: [][]byte{[]byte(m)}}, ok, nil
	}
}

// TestSkeletonsKeepByKey: a key equal to a kept one (in other memory)
// gets the kept skeleton without a build, another key its own; a key
// whose requests cannot be spliced is kept as such; an error is not.
func TestSkeletonsKeepByKey(t *testing.T) {
	t.Parallel()
	var s Skeletons
	var b builder
	for _, m := range []string{"a", "b", "a", "b"} {
		skel, ok, err := s.Get(modelKey(m), b.build(m, true))
		if err != nil || !ok || string(skel.parts[0]) != m {
			t.Fatalf("Get(%s) = %q, %v, %v", m, skel.parts, ok, err)
		}
	}
	for range 2 {
		if _, ok, _ := s.Get(modelKey("cut"), b.build("cut", false)); ok {
			t.Fatal("a key that cannot be spliced came back spliceable")
		}
	}
	if b.calls != 3 {
		t.Fatalf("built %d skeletons, want 3 (a, b, cut)", b.calls)
	}
	fail := errors.New("boom")
	for range 2 {
		calls := b.calls
		_, _, err := s.Get(modelKey("err"), func() (Skeleton, bool, error) { b.calls++; return Skeleton{}, false, fail })
		if !errors.Is(err, fail) || b.calls != calls+1 {
			t.Fatalf("a failed build: err %v, builds %d, want the error and a new build", err, b.calls-calls)
		}
	}
}

// TestSkeletonsBoundToFour: the cache keeps four skeletons and drops the
// least recently used one first.
func TestSkeletonsBoundToFour(t *testing.T) {
	t.Parallel()
	var s Skeletons
	var b builder
	get := func(m string) {
		if _, _, err := s.Get(modelKey(m), b.build(m, true)); err != nil {
			t.Fatal(err)
		}
	}
	for i := range 4 {
		get(strconv.Itoa(i))
	}
	get("0") // used again: 1 is now the least recently used
	get("4")
	if len(s.recent) != maxSkeletons {
		t.Fatalf("%d skeletons kept, want %d", len(s.recent), maxSkeletons)
	}
	calls := b.calls
	for _, m := range []string{"0", "2", "3", "4"} {
		get(m)
	}
	if b.calls != calls {
		t.Errorf("a recently used skeleton was dropped")
	}
	get("1")
	if b.calls != calls+1 {
		t.Errorf("the least recently used skeleton was kept past the bound")
	}
}

// TestSkeletonsConcurrentGet: callers at once get the same skeleton
// (go test -race checks the locking), and it is kept once.
func TestSkeletonsConcurrentGet(t *testing.T) {
	t.Parallel()
	var s Skeletons
	var b builder
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			if skel, _, err := s.Get(modelKey("m"), b.build("m", true)); err != nil || string(skel.parts[0]) != "m" {
				t.Errorf("Get = %q, %v", skel.parts, err)
			}
		})
	}
	wg.Wait()
	if len(s.recent) != 1 {
		t.Errorf("%d entries for one key, want 1", len(s.recent))
	}
}
