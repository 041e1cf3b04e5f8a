// Package artifact keeps the whole output of tool results that were cut
// before reaching the model. Each session owns one directory under
// <data-dir>/artifacts; files are written as the output is produced (never
// held in memory), bounded by a per-session quota with the oldest files
// dropped first, and removed with their session.
//
// A file carries a sparse line index (a hidden ".idx" sidecar) so that a
// reader can start at any line of a file of hundreds of megabytes without
// scanning it from the beginning.
package artifact
