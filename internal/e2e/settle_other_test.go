//go:build !linux

package e2e

// settle leaves the file as it is where the page cache cannot be asked to
// drop it.
func settle(string) error { return nil }
