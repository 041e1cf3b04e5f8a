// Package fsguard confines file access to a project directory.
//
// Resolve judges a path the way the kernel would walk it: relative paths are
// taken from a base directory, every symbolic link on the way is followed
// (including /proc magic links such as /proc/self/root), and the result is
// inside the project only when the real location is. Callers must act on
// Resolved.Abs, never on the path they were given.
//
// OpenFile and WriteFile then act on a resolved path without following any
// symbolic link, so a link swapped in between the check and the access makes
// the access fail instead of reaching another directory. WriteFile replaces
// files atomically (temporary file, fsync, rename).
package fsguard
