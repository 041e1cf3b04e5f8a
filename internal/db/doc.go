// Package db opens Hone's SQLite database: one file shared by every
// project, opened through modernc.org/sqlite (pure Go) with its pragmas in
// the DSN, and brought up to date by embedded SQL migrations (goose) on
// every Open.
//
// Concurrency: the database is in WAL mode, so readers never block writers.
// Every connection waits up to BusyTimeout for the write lock, and
// transactions begin IMMEDIATE, taking the write lock up front; together
// these keep SQLITE_BUSY from surfacing when several Hone processes write
// the same file. Migrations of a fresh or older file are serialized between
// processes by an advisory lock on a file beside the database, and so is
// the whole first open of a file not yet in WAL mode: switching to WAL is
// the one step where SQLite reports SQLITE_BUSY without waiting.
//
// Statements: each connection keeps the parameterized statements it runs
// prepared, by text (keep.go), so SQLite parses a store's statement once
// per connection rather than at every call; the stores keep writing plain
// db.ExecContext/QueryContext calls.
package db
