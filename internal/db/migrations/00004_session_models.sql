-- +goose Up
-- The models a person chose for a session in the model picker
-- ("provider/model"; '' when none): resuming the session picks them again.
ALTER TABLE sessions ADD COLUMN large_model TEXT NOT NULL DEFAULT '';
ALTER TABLE sessions ADD COLUMN small_model TEXT NOT NULL DEFAULT '';

-- +goose Down
ALTER TABLE sessions DROP COLUMN small_model;
ALTER TABLE sessions DROP COLUMN large_model;
