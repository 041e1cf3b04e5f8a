package sdkbody

import "sync"

// maxSkeletons is how many skeletons a Skeletons cache keeps: the main
// conversation's and those of the sub-agents, titles and summaries that
// run beside it, each with settings of its own.
const maxSkeletons = 4

// Skeletons keeps the skeletons of the most recent request settings, by
// Key, so that a tool loop, whose steps share their settings, encodes
// its skeleton once. It also keeps the keys whose requests cannot be
// spliced, so they are not tried again at every step. It is safe for
// concurrent use; the zero value is ready.
type Skeletons struct {
	mu     sync.Mutex
	recent []keptSkeleton // most recently used first
}

// keptSkeleton is a skeleton and the kept key it was made for; ok is
// false for a key whose requests cannot be spliced.
type keptSkeleton struct {
	key  Key
	skel Skeleton
	ok   bool
}

// Get returns the skeleton kept for k, or makes one with build and
// keeps it (under k.Kept()). ok is false when the requests of k cannot
// be spliced, which is kept too; an error is not, nor a key whose
// options cannot be copied (see Key.Kept).
func (s *Skeletons) Get(k Key, build func() (Skeleton, bool, error)) (skel Skeleton, ok bool, err error) {
	if e, found := s.lookup(k); found {
		return e.skel, e.ok, nil
	}
	skel, ok, err = build()
	if err != nil {
		return Skeleton{}, false, err
	}
	if kept := k.Kept(); !kept.foreign {
		s.keep(keptSkeleton{key: kept, skel: skel, ok: ok})
	}
	return skel, ok, nil
}

// lookup returns the entry for k and moves it to the front.
func (s *Skeletons) lookup(k Key) (keptSkeleton, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for i, e := range s.recent {
		if e.key.Equal(k) {
			copy(s.recent[1:i+1], s.recent[:i])
			s.recent[0] = e
			return e, true
		}
	}
	return keptSkeleton{}, false
}

// keep puts e in front, dropping the least recently used entry past
// maxSkeletons; not when another caller kept the same key meanwhile.
func (s *Skeletons) keep(e keptSkeleton) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, o := range s.recent {
		if o.key.Equal(e.key) {
			return
		}
	}
	if len(s.recent) < maxSkeletons {
		s.recent = append(s.recent, keptSkeleton{})
	}
	copy(s.recent[1:], s.recent)
	s.recent[0] = e
}
