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
// processes by an advisory lock on a file beside the database.
package db
