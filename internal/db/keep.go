package db

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"

	"modernc.org/sqlite"
)

// keptPerConn bounds the statements a connection keeps prepared. Hone runs
// a few dozen distinct parameterized statements; texts built with a
// variable number of placeholders are what could otherwise grow the set.
const keptPerConn = 64

// keepingConnector opens the driver's connections wrapped in keepingConn.
type keepingConnector struct{ driver.Connector }

func newKeepingConnector(dsn string) (driver.Connector, error) {
	base, err := sqlite.NewConnector(dsn)
	if err != nil {
		return nil, err
	}
	return keepingConnector{base}, nil
}

// Connect opens a connection that keeps its statements prepared.
func (c keepingConnector) Connect(ctx context.Context) (driver.Conn, error) {
	conn, err := c.Connector.Connect(ctx)
	if err != nil {
		return nil, err
	}
	return newKeepingConn(conn)
}

// rawConn is what database/sql uses of a modernc.org/sqlite connection.
type rawConn interface {
	driver.Conn
	driver.ConnBeginTx
	driver.ConnPrepareContext
	driver.ExecerContext
	driver.QueryerContext
	driver.Pinger
	driver.SessionResetter
	driver.Validator
}

// keptStmt is a prepared statement of a connection; busy while rows read
// from it are open.
type keptStmt struct {
	driver.Stmt
	busy bool
}

// keepingConn keeps each parameterized statement it runs prepared, keyed
// by its text, so that SQLite parses it once per connection instead of at
// every call: parsing was about half of a small query's time (the
// queued-prompt check between a tool's result and the next model request,
// for one). Statements without arguments (pragmas, scripts such as the
// migrations, which may hold several statements) run as before.
// database/sql never uses a connection from two goroutines at once, so it
// needs no lock; rows still open on a statement make a second use of the
// same text run unkept.
type keepingConn struct {
	rawConn
	kept map[string]*keptStmt
}

func newKeepingConn(c driver.Conn) (driver.Conn, error) {
	raw, ok := c.(rawConn)
	if !ok {
		_ = c.Close()
		return nil, errors.New("sqlite connection lacks a database/sql interface")
	}
	return &keepingConn{rawConn: raw, kept: make(map[string]*keptStmt)}, nil
}

// ExecContext runs query, through its kept statement when it has arguments.
func (c *keepingConn) ExecContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Result, error) {
	s, err := c.stmt(ctx, query, args)
	if err != nil || s == nil {
		return c.rawConn.ExecContext(ctx, query, args)
	}
	res, err := s.Stmt.(driver.StmtExecContext).ExecContext(ctx, args)
	if err != nil {
		c.drop(query)
	}
	return res, err
}

// QueryContext runs query, through its kept statement when it has
// arguments; the statement is busy until the rows are closed.
func (c *keepingConn) QueryContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Rows, error) {
	s, err := c.stmt(ctx, query, args)
	if err != nil || s == nil {
		return c.rawConn.QueryContext(ctx, query, args)
	}
	r, err := s.Stmt.(driver.StmtQueryContext).QueryContext(ctx, args)
	if err != nil {
		c.drop(query)
		return nil, err
	}
	s.busy = true
	return &keptRows{Rows: r, s: s}, nil
}

// stmt is query's kept statement, prepared now if need be; nil when query
// is not kept (no arguments, the statement busy, the set full).
func (c *keepingConn) stmt(ctx context.Context, query string, args []driver.NamedValue) (*keptStmt, error) {
	if len(args) == 0 {
		return nil, nil
	}
	if s, ok := c.kept[query]; ok {
		if s.busy {
			return nil, nil
		}
		return s, nil
	}
	if len(c.kept) >= keptPerConn && !c.evictIdle() {
		return nil, nil
	}
	st, err := c.rawConn.PrepareContext(ctx, query)
	if err != nil {
		return nil, err
	}
	s := &keptStmt{Stmt: st}
	c.kept[query] = s
	return s, nil
}

// evictIdle closes one kept statement that is not busy; false when all are.
func (c *keepingConn) evictIdle() bool {
	for q, s := range c.kept {
		if !s.busy {
			c.drop(q)
			return true
		}
	}
	return false
}

// drop closes and forgets query's kept statement (after an error, it is
// prepared afresh next time).
func (c *keepingConn) drop(query string) {
	if s, ok := c.kept[query]; ok && !s.busy {
		_ = s.Close()
		delete(c.kept, query)
	}
}

// Close finalizes the kept statements, then closes the connection.
func (c *keepingConn) Close() error {
	for q, s := range c.kept {
		_ = s.Close()
		delete(c.kept, q)
	}
	return c.rawConn.Close()
}

// keptRows are rows of a kept statement, which they free when closed.
type keptRows struct {
	driver.Rows
	s *keptStmt
}

// Close closes the rows (resetting the statement) and frees the statement.
func (r *keptRows) Close() error {
	err := r.Rows.Close()
	r.s.busy = false
	return err
}

// Warm prepares the statements texts on an idle connection of sqldb and
// keeps them there, so that their first use in this process finds them
// parsed; it returns how many it prepared (those already kept are not
// counted). It does nothing when no connection is idle: the pool would
// open another one, which costs more than the parsing it saves.
func Warm(ctx context.Context, sqldb *sql.DB, texts []string) (int, error) {
	if sqldb.Stats().Idle == 0 {
		return 0, nil
	}
	conn, err := sqldb.Conn(ctx)
	if err != nil {
		return 0, fmt.Errorf("warm statements: %w", err)
	}
	defer conn.Close()
	prepared := 0
	err = conn.Raw(func(dc any) error {
		kc, ok := dc.(*keepingConn)
		if !ok {
			return nil
		}
		var err error
		prepared, err = kc.warm(ctx, texts)
		return err
	})
	if err != nil {
		return prepared, fmt.Errorf("warm statements: %w", err)
	}
	return prepared, nil
}

// warm keeps each of texts prepared; see Warm.
func (c *keepingConn) warm(ctx context.Context, texts []string) (int, error) {
	arg := []driver.NamedValue{{Ordinal: 1}} // stmt keeps only statements with arguments
	prepared := 0
	for _, q := range texts {
		if _, ok := c.kept[q]; ok {
			continue
		}
		s, err := c.stmt(ctx, q, arg)
		if err != nil {
			return prepared, err
		}
		if s != nil {
			prepared++
		}
	}
	return prepared, nil
}
