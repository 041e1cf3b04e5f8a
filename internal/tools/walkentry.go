package tools

import "io/fs"

// walkEntry is an entry walkTreeParallel reports: the directory entry,
// and the descriptor of its directory, open while the callback runs, so
// that its modification time costs one short stat.
type walkEntry struct {
	fs.DirEntry
	dirFD int
}
