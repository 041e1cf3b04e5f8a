-- +goose Up
-- A session's lease: the one process running a turn of the session. A row
-- whose process died (same host, pid gone) or whose heartbeat is older
-- than the lease's lifetime is stale and is taken over. closing is set
-- once the holder decided to end its turn: it folds no more queued
-- prompts, so another process waits for it instead of queueing.
CREATE TABLE session_leases (
    session_id   TEXT PRIMARY KEY REFERENCES sessions (id) ON DELETE CASCADE,
    token        TEXT NOT NULL,
    pid          INTEGER NOT NULL,
    hostname     TEXT NOT NULL,
    acquired_at  INTEGER NOT NULL,
    heartbeat_at INTEGER NOT NULL,
    closing      INTEGER NOT NULL DEFAULT 0
) STRICT;

-- +goose Down
DROP TABLE session_leases;
