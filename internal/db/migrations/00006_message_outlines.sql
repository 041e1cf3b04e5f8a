-- +goose Up
-- A message's outline is what `hone sessions show` prints of it without
-- --full: the metadata and the parts with long strings cut to their
-- first bytes and line counts (internal/message/outline.go). Stored apart
-- from the messages, so that showing a long session reads a few MB
-- instead of every page of its parts. It is a cache: the message
-- service writes it with a finished message, any change to the message
-- deletes it (the trigger below, so writers that do not know outlines
-- cannot leave a stale one), and a message without one is read whole.
CREATE TABLE IF NOT EXISTS message_outlines (
    seq     INTEGER PRIMARY KEY REFERENCES messages (seq) ON DELETE CASCADE,
    outline BLOB NOT NULL
) STRICT;

-- +goose StatementBegin
CREATE TRIGGER IF NOT EXISTS message_outlines_stale AFTER UPDATE ON messages
BEGIN
    DELETE FROM message_outlines WHERE seq = OLD.seq;
END;
-- +goose StatementEnd

-- +goose Down
DROP TRIGGER IF EXISTS message_outlines_stale;
DROP TABLE IF EXISTS message_outlines;
