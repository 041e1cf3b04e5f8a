-- +goose Up
-- A tool result's display body that repeats the result's text is stored
-- once: the display keeps "body@text": true in its place, and the
-- message service puts the text back when it reads the row (see
-- internal/message/dedup.go, which also writes [i,j] ranges for bodies
-- found inside the text). Only rows with such a part are rewritten.
UPDATE messages
SET parts = (
    SELECT json_group_array(
        CASE WHEN p.value ->> '$.type' = 'tool_result'
              AND json_type(p.value, '$.meta.body') = 'text'
              AND p.value ->> '$.meta.body' = p.value ->> '$.text'
              AND length(CAST(p.value ->> '$.text' AS BLOB)) >= 64
              AND json_type(p.value, '$.meta."body@text"') IS NULL
        THEN json_set(json_remove(p.value, '$.meta.body'), '$.meta."body@text"', json('true'))
        ELSE json(p.value) END
        ORDER BY p.key)
    FROM json_each(messages.parts) AS p)
WHERE role = 'tool' AND seq IN (
    SELECT m.seq FROM messages AS m, json_each(m.parts) AS p
    WHERE m.role = 'tool'
      AND p.value ->> '$.type' = 'tool_result'
      AND json_type(p.value, '$.meta.body') = 'text'
      AND p.value ->> '$.meta.body' = p.value ->> '$.text'
      AND length(CAST(p.value ->> '$.text' AS BLOB)) >= 64
      AND json_type(p.value, '$.meta."body@text"') IS NULL);

-- A session's queued prompts are looked up before every step: without
-- an index of their own, finding them reads every row of the session
-- (status is stored after the parts).
CREATE INDEX IF NOT EXISTS messages_queued ON messages (session_id, seq) WHERE status = 'queued';

-- +goose Down
DROP INDEX IF EXISTS messages_queued;
-- Write every shared body out again (whole text, or the byte range).
UPDATE messages
SET parts = (
    SELECT json_group_array(
        CASE WHEN json_type(p.value, '$.meta."body@text"') = 'true'
        THEN json_set(json_remove(p.value, '$.meta."body@text"'), '$.meta.body', p.value ->> '$.text')
        WHEN json_type(p.value, '$.meta."body@text"') = 'array'
        THEN json_set(json_remove(p.value, '$.meta."body@text"'), '$.meta.body',
            CAST(substr(CAST(p.value ->> '$.text' AS BLOB),
                p.value ->> '$.meta."body@text"[0]' + 1,
                (p.value ->> '$.meta."body@text"[1]') - (p.value ->> '$.meta."body@text"[0]')) AS TEXT))
        ELSE json(p.value) END
        ORDER BY p.key)
    FROM json_each(messages.parts) AS p)
WHERE role = 'tool' AND parts LIKE '%"body@text":%';
