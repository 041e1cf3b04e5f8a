package tools

import (
	"container/heap"
	"strconv"
	"strings"
)

// grepSorter puts the matches ripgrep prints in the order of a sorted walk
// (path by path, each path component compared in turn). rg's --sort=path
// makes it search with one thread; unsorted, it searches in parallel and
// prints each file's matches together, in line order, files in any
// order. The sorter keeps only the files that can still be part of what
// the collector takes (its first limit+1 matches, or, when the whole
// output is saved, its byte budget), so memory stays bounded by that,
// not by the number of matches.
type grepSorter struct {
	c     *grepCollector
	kept  fileHeap   // the files kept, the last in walk order on top
	cur   *grepBlock // the file being read
	count int        // matches in kept
	size  int64      // saved bytes of kept
}

// grepBlock is one file's matches, in line order.
type grepBlock struct {
	path    string
	matches []grepMatch
	size    int64 // bytes the collector would save for them
}

func newGrepSorter(c *grepCollector) *grepSorter { return &grepSorter{c: c} }

// add takes the next match ripgrep printed.
func (s *grepSorter) add(m grepMatch) {
	if s.cur == nil || s.cur.path != m.path {
		s.endFile()
		s.cur = &grepBlock{path: m.path}
	}
	if s.enough(len(s.cur.matches), s.cur.size) {
		return // the rest of this file comes after what is taken
	}
	s.cur.matches = append(s.cur.matches, m)
	s.cur.size += s.savedSize(m)
}

// endFile moves the file being read into kept, then drops the last files
// in walk order for as long as the others are enough without them.
func (s *grepSorter) endFile() {
	b := s.cur
	s.cur = nil
	if b == nil || len(b.matches) == 0 {
		return
	}
	heap.Push(&s.kept, b)
	s.count += len(b.matches)
	s.size += b.size
	for len(s.kept) > 1 {
		top := s.kept[0]
		if !s.enough(s.count-len(top.matches), s.size-top.size) {
			break
		}
		heap.Pop(&s.kept)
		s.count -= len(top.matches)
		s.size -= top.size
	}
}

// enough reports whether count matches of size saved bytes already give
// the collector all it takes.
func (s *grepSorter) enough(count int, size int64) bool {
	if s.c.out == nil {
		return count > s.c.limit
	}
	return size >= s.c.budget
}

// savedSize is the length of m's line in the saved output.
func (s *grepSorter) savedSize(m grepMatch) int64 {
	if s.c.out == nil {
		return 0
	}
	return int64(len(s.c.name(m.path)) + len(strconv.Itoa(m.line)) + len(m.text) + 3)
}

// flush hands the kept matches to the collector in walk order.
func (s *grepSorter) flush() {
	s.endFile()
	blocks := make([]*grepBlock, len(s.kept))
	for i := len(blocks) - 1; i >= 0; i-- {
		blocks[i] = heap.Pop(&s.kept).(*grepBlock)
	}
	for _, b := range blocks {
		for _, m := range b.matches {
			if !s.c.add(m) {
				return
			}
		}
	}
}

// fileHeap is a max-heap of blocks in walk order.
type fileHeap []*grepBlock

func (h fileHeap) Len() int           { return len(h) }
func (h fileHeap) Less(i, j int) bool { return comparePaths(h[i].path, h[j].path) > 0 }
func (h fileHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *fileHeap) Push(x any)        { *h = append(*h, x.(*grepBlock)) }
func (h *fileHeap) Pop() any {
	old := *h
	b := old[len(old)-1]
	*h = old[:len(old)-1]
	return b
}

// comparePaths orders two slash-separated paths as a walk that sorts each
// directory's entries by name visits them: component by component, so
// "a/b" comes before "a.go".
func comparePaths(a, b string) int {
	for {
		ca, restA, moreA := strings.Cut(a, "/")
		cb, restB, moreB := strings.Cut(b, "/")
		if c := strings.Compare(ca, cb); c != 0 {
			return c
		}
		switch {
		case !moreA && !moreB:
			return 0
		case !moreA:
			return -1
		case !moreB:
			return 1
		}
		a, b = restA, restB
	}
}
