package message

import (
	"context"
	"errors"
	"fmt"
)

// Insert stores complete messages (ids and timestamps set) with their
// outlines in one transaction, in the order given, without publishing
// them: imports and generated test sessions. Nothing is stored when one of them fails.
func (s *Service) Insert(ctx context.Context, msgs ...Message) (err error) {
	if err := s.checkOpen(); err != nil {
		return err
	}
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("insert messages: %w", err)
	}
	defer func() {
		if err != nil {
			err = errors.Join(err, tx.Rollback())
		}
	}()
	for _, m := range msgs {
		if m.ID == "" || m.SessionID == "" || m.CreatedAt == 0 {
			return fmt.Errorf("insert messages: message %q lacks an id, session or creation time", m.ID)
		}
		if m.Status == "" {
			m.Status = StatusDone
		}
		if m.UpdatedAt == 0 {
			m.UpdatedAt = m.CreatedAt
		}
		if err := insertMessage(ctx, tx, m); err != nil {
			return fmt.Errorf("insert message %s: %w", m.ID, err)
		}
		if err := putOutline(ctx, tx, m); err != nil {
			return fmt.Errorf("insert message %s: %w", m.ID, err)
		}
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("insert messages: %w", err)
	}
	return nil
}
