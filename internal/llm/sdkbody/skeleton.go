package sdkbody

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
)

// Placeholder is the text that marks where left-out array a goes in a
// skeleton; each array has its own, so that no mark is found inside
// another.
func Placeholder(a int) string { return fmt.Sprintf("\x00hone placeholder %d\x00", a) }

// Skeleton is a body cut where its left-out arrays go: parts[0], array
// order[0], parts[1], …, the last part.
type Skeleton struct {
	parts [][]byte
	order []int
}

// Cut cuts body, which the SDK encoded with a one-element array of
// placeholders in place of each left-out array, at marks: array number →
// that encoded one-element array. false when a mark is not found exactly
// once.
func Cut(body []byte, marks map[int][]byte) (Skeleton, bool) {
	if bytes.Count(body, []byte("hone placeholder")) != len(marks) {
		return Skeleton{}, false
	}
	type cut struct{ at, array, n int }
	cuts := make([]cut, 0, len(marks))
	for a, m := range marks {
		i := bytes.Index(body, m)
		if i < 0 {
			return Skeleton{}, false
		}
		cuts = append(cuts, cut{i, a, len(m)})
	}
	slices.SortFunc(cuts, func(x, y cut) int { return x.at - y.at })
	var s Skeleton
	last := 0
	for _, c := range cuts {
		s.parts = append(s.parts, body[last:c.at])
		s.order = append(s.order, c.array)
		last = c.at + c.n
	}
	s.parts = append(s.parts, body[last:])
	return s, true
}

// Fill returns the body with each left-out array made of its encoded
// elements: arrays[a] for array a.
func (s Skeleton) Fill(arrays [][][]byte) []byte {
	size := 0
	for _, part := range s.parts {
		size += len(part)
	}
	for _, a := range s.order {
		size += len(arrays[a]) + 1 // brackets and commas
		for _, raw := range arrays[a] {
			size += len(raw)
		}
	}
	body := make([]byte, 0, size)
	for i, a := range s.order {
		body = append(append(body, s.parts[i]...), '[')
		for j, raw := range arrays[a] {
			if j > 0 {
				body = append(body, ',')
			}
			body = append(body, raw...)
		}
		body = append(body, ']')
	}
	return append(body, s.parts[len(s.parts)-1]...)
}

// Clashes says whether a provider option (a key the SDK sets into the
// body, dotted keys as paths) replaces one of the fields a skeleton
// leaves out, which a splice cannot do as the SDK does.
func Clashes(opts map[string]any, fields ...string) bool {
	for k := range opts {
		for _, f := range fields {
			if k == f || strings.HasPrefix(k, f+".") {
				return true
			}
		}
	}
	return false
}
