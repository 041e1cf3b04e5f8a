package db

import (
	"context"
	"database/sql"
	"embed"
	"fmt"
	"io/fs"

	"github.com/pressly/goose/v3"
	"github.com/pressly/goose/v3/lock"
)

//go:embed migrations/*.sql
var migrationFiles embed.FS

// VersionTable records which migrations have been applied.
const VersionTable = "schema_migrations"

// migrate brings sqldb up to the newest embedded migration. The common
// case, an up-to-date file, costs two small queries; only when something
// is pending does it take the cross-process migration lock (locker) and
// hand over to goose.
func migrate(ctx context.Context, sqldb *sql.DB, locker lock.Locker) error {
	fsys, err := fs.Sub(migrationFiles, "migrations")
	if err != nil {
		return fmt.Errorf("migrations: %w", err)
	}
	p, err := goose.NewProvider(goose.DialectSQLite3, sqldb, fsys,
		goose.WithTableName(VersionTable),
		goose.WithDisableGlobalRegistry(true),
		goose.WithLocker(locker),
	)
	if err != nil {
		return fmt.Errorf("migrations: %w", err)
	}
	sources := p.ListSources()
	latest := sources[len(sources)-1].Version
	current, err := appliedVersion(ctx, sqldb)
	if err != nil {
		return err
	}
	if current >= latest {
		return nil
	}
	if _, err := p.Up(ctx); err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	return nil
}

// appliedVersion returns the newest applied migration, 0 for a fresh file.
func appliedVersion(ctx context.Context, sqldb *sql.DB) (int64, error) {
	var exists bool
	err := sqldb.QueryRowContext(ctx,
		`SELECT EXISTS (SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = ?)`,
		VersionTable).Scan(&exists)
	if err != nil {
		return 0, fmt.Errorf("read schema version: %w", err)
	}
	if !exists {
		return 0, nil
	}
	var v int64
	err = sqldb.QueryRowContext(ctx,
		`SELECT COALESCE(MAX(version_id), 0) FROM `+VersionTable+` WHERE is_applied`).Scan(&v)
	if err != nil {
		return 0, fmt.Errorf("read schema version: %w", err)
	}
	return v, nil
}
