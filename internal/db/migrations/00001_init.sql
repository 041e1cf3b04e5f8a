-- +goose Up
-- Timestamps are unix milliseconds throughout (read_files.mtime_ns is
-- the file's own modification time in nanoseconds, as the OS reports it).

CREATE TABLE sessions (
    id                 TEXT PRIMARY KEY,
    project_dir        TEXT NOT NULL,
    parent_session_id  TEXT REFERENCES sessions (id) ON DELETE CASCADE,
    parent_call_id     TEXT NOT NULL DEFAULT '',
    title              TEXT NOT NULL DEFAULT '',
    summary_message_id TEXT NOT NULL DEFAULT '',
    input_tokens       INTEGER NOT NULL DEFAULT 0,
    output_tokens      INTEGER NOT NULL DEFAULT 0,
    cache_read_tokens  INTEGER NOT NULL DEFAULT 0,
    cache_write_tokens INTEGER NOT NULL DEFAULT 0,
    cost               REAL NOT NULL DEFAULT 0,
    context_tokens     INTEGER NOT NULL DEFAULT 0,
    todos              TEXT NOT NULL DEFAULT '[]',
    created_at         INTEGER NOT NULL,
    updated_at         INTEGER NOT NULL
) STRICT;

CREATE INDEX sessions_project_updated ON sessions (project_dir, updated_at DESC);
CREATE INDEX sessions_updated ON sessions (updated_at DESC);
CREATE INDEX sessions_parent ON sessions (parent_session_id);

-- seq orders messages by creation (ms timestamps can tie).
CREATE TABLE messages (
    seq           INTEGER PRIMARY KEY AUTOINCREMENT,
    id            TEXT NOT NULL UNIQUE,
    session_id    TEXT NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
    role          TEXT NOT NULL,
    parts         TEXT NOT NULL DEFAULT '[]',
    status        TEXT NOT NULL,
    model         TEXT NOT NULL DEFAULT '',
    provider      TEXT NOT NULL DEFAULT '',
    is_summary    INTEGER NOT NULL DEFAULT 0,
    finish_reason TEXT NOT NULL DEFAULT '',
    created_at    INTEGER NOT NULL,
    updated_at    INTEGER NOT NULL,
    finished_at   INTEGER NOT NULL DEFAULT 0
) STRICT;

CREATE INDEX messages_session_seq ON messages (session_id, seq);

-- Versions of a file within a session form a chain 1, 2, 3 …; the "before"
-- of a change is the version just below its "after". absent = 1 records
-- that the file did not exist (content is then empty).
CREATE TABLE file_versions (
    id         INTEGER PRIMARY KEY,
    session_id TEXT NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
    message_id TEXT NOT NULL,
    path       TEXT NOT NULL,
    version    INTEGER NOT NULL,
    kind       TEXT NOT NULL CHECK (kind IN ('before', 'after')),
    absent     INTEGER NOT NULL DEFAULT 0,
    content    BLOB NOT NULL,
    created_at INTEGER NOT NULL,
    UNIQUE (session_id, path, version)
) STRICT;

CREATE INDEX file_versions_message ON file_versions (session_id, message_id);

CREATE TABLE read_files (
    session_id TEXT NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
    path       TEXT NOT NULL,
    mtime_ns   INTEGER NOT NULL,
    size       INTEGER NOT NULL,
    read_at    INTEGER NOT NULL,
    PRIMARY KEY (session_id, path)
) STRICT;

CREATE TABLE turns (
    id                 INTEGER PRIMARY KEY AUTOINCREMENT,
    session_id         TEXT NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
    message_id         TEXT NOT NULL DEFAULT '',
    provider           TEXT NOT NULL DEFAULT '',
    model              TEXT NOT NULL DEFAULT '',
    failovers          TEXT NOT NULL DEFAULT '[]',
    latency_ms         INTEGER NOT NULL DEFAULT 0,
    ttft_ms            INTEGER NOT NULL DEFAULT 0,
    input_tokens       INTEGER NOT NULL DEFAULT 0,
    output_tokens      INTEGER NOT NULL DEFAULT 0,
    cache_read_tokens  INTEGER NOT NULL DEFAULT 0,
    cache_write_tokens INTEGER NOT NULL DEFAULT 0,
    cost               REAL NOT NULL DEFAULT 0,
    finish_reason      TEXT NOT NULL DEFAULT '',
    error              TEXT NOT NULL DEFAULT '',
    created_at         INTEGER NOT NULL
) STRICT;

CREATE INDEX turns_session ON turns (session_id, id);

-- +goose Down
DROP TABLE turns;
DROP TABLE read_files;
DROP TABLE file_versions;
DROP TABLE messages;
DROP TABLE sessions;
