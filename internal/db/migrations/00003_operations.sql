-- +goose Up
-- The model switch before a step (JSON of session.ModelSwitch; '' when
-- the step used the same model group as the one before).
ALTER TABLE turns ADD COLUMN model_switch TEXT NOT NULL DEFAULT '';

-- Every operation of a turn besides model steps: tool calls (name,
-- latency, result size, outcome), summaries. Sub-agents are found
-- through the child session's parent_call_id, escalations and failovers
-- in the step's turns row.
CREATE TABLE operations (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    session_id   TEXT NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
    message_id   TEXT NOT NULL DEFAULT '',
    call_id      TEXT NOT NULL DEFAULT '',
    kind         TEXT NOT NULL,
    name         TEXT NOT NULL DEFAULT '',
    outcome      TEXT NOT NULL DEFAULT '',
    latency_ms   INTEGER NOT NULL DEFAULT 0,
    result_bytes INTEGER NOT NULL DEFAULT 0,
    started_at   INTEGER NOT NULL
) STRICT;

CREATE INDEX operations_session ON operations (session_id, id);

-- +goose Down
DROP TABLE operations;
ALTER TABLE turns DROP COLUMN model_switch;
