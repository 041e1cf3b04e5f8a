// Package tui holds end-to-end tests of hone's full-screen interface.
//
// TestMain builds hone and hone-full once (HONE_E2E_BIN names a prebuilt
// hone instead, with hone-full next to it: hone hands the interface to
// it). Every test starts the real binary inside its own tmux server
// (a private socket and an empty tmux config, so the user's tmux is never
// touched), types into it with send-keys and reads the screen with
// capture-pane, the way a person at the terminal would. The model is the
// scripted fake of docs/fake-script.md, configured by a config file; each
// test has its own HOME, XDG_CONFIG_HOME, data directory and project.
//
// tmux is required: without it the tests fail when CI is set and are
// skipped otherwise. To hunt data races in the binary, point HONE_E2E_BIN
// at a hone built with -race (and a hone-full built with -race next to
// it): every test then also fails when that binary reports a race.
package tui
