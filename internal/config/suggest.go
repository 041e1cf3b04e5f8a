package config

// suggest returns the candidate closest to word by edit distance, or ""
// when none is close enough to be a plausible typo (at most a third of the
// word's length, and at least one edit, may differ).
func suggest(word string, candidates []string) string {
	best, bestDist := "", len(word)/3+1
	if bestDist < 2 {
		bestDist = 2
	}
	for _, c := range candidates {
		if d := levenshtein(word, c); d < bestDist {
			best, bestDist = c, d
		}
	}
	return best
}

// levenshtein is the edit distance between a and b over bytes, counting
// a swap of two adjacent bytes as one edit (optimal string alignment), the
// most common typo in keys.
func levenshtein(a, b string) int {
	rows := [3][]int{make([]int, len(b)+1), make([]int, len(b)+1), make([]int, len(b)+1)}
	for j := range rows[1] {
		rows[1][j] = j
	}
	for i := 1; i <= len(a); i++ {
		prev2, prev, cur := rows[0], rows[1], rows[2]
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		rows[0], rows[1], rows[2] = prev, cur, prev2
	}
	return rows[1][len(b)]
}
