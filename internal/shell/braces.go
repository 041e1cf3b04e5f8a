package shell

import (
	"strconv"

	"mvdan.cc/sh/v3/syntax"
)

// maxBraceWords bounds the words one brace expansion may produce before
// the word is treated as dynamic ({1..1000000} is not enumerated).
const maxBraceWords = 256

// braceAlternatives expands the BraceExp parts left by syntax.SplitBraces
// into the part lists of the resulting words, in bash's order. It fails
// when there would be more than limit words or a sequence it cannot
// evaluate.
func braceAlternatives(parts []syntax.WordPart, limit int) ([][]syntax.WordPart, bool) {
	out := [][]syntax.WordPart{nil}
	for _, part := range parts {
		br, ok := part.(*syntax.BraceExp)
		if !ok {
			for i := range out {
				out[i] = append(out[i], part)
			}
			continue
		}
		elems, ok := braceElems(br, limit)
		if !ok || len(out)*len(elems) > limit {
			return nil, false
		}
		next := make([][]syntax.WordPart, 0, len(out)*len(elems))
		for _, prefix := range out {
			for _, e := range elems {
				next = append(next, append(append([]syntax.WordPart(nil), prefix...), e...))
			}
		}
		out = next
	}
	return out, true
}

// braceElems returns the alternatives of one brace expression, nested
// expressions expanded.
func braceElems(br *syntax.BraceExp, limit int) ([][]syntax.WordPart, bool) {
	if br.Sequence {
		return sequence(br, limit)
	}
	var out [][]syntax.WordPart
	for _, e := range br.Elems {
		alts, ok := braceAlternatives(e.Parts, limit)
		if !ok || len(out)+len(alts) > limit {
			return nil, false
		}
		out = append(out, alts...)
	}
	return out, true
}

// sequence expands {a..z} and {1..10..2}. Zero padding is not reproduced;
// the words only need to be close enough to judge paths and names.
func sequence(br *syntax.BraceExp, limit int) ([][]syntax.WordPart, bool) {
	from, to := br.Elems[0].Lit(), br.Elems[1].Lit()
	step := int64(1)
	if len(br.Elems) > 2 {
		s, err := strconv.ParseInt(br.Elems[2].Lit(), 10, 64)
		if err != nil {
			return nil, false
		}
		step = max(s, -s)
	}
	lo, errLo := strconv.ParseInt(from, 10, 64)
	hi, errHi := strconv.ParseInt(to, 10, 64)
	chars := errLo != nil || errHi != nil
	if chars {
		if len(from) != 1 || len(to) != 1 {
			return nil, false
		}
		lo, hi = int64(from[0]), int64(to[0])
	}
	if step == 0 {
		step = 1
	}
	if n := (max(lo, hi)-min(lo, hi))/step + 1; n > int64(limit) || n < 0 {
		return nil, false
	}
	if hi < lo {
		step = -step
	}
	var out [][]syntax.WordPart
	for v := lo; (step > 0 && v <= hi) || (step < 0 && v >= hi); v += step {
		s := strconv.FormatInt(v, 10)
		if chars {
			s = string(rune(v))
		}
		out = append(out, []syntax.WordPart{&syntax.Lit{Value: s}})
	}
	return out, true
}
