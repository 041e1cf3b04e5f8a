package app

import (
	"io"
	"log/slog"
	"path/filepath"

	"gopkg.in/natefinch/lumberjack.v2"

	"github.com/honecode/hone/internal/redact"
)

// openLog returns a logger writing to <dataDir>/logs/hone.log, rotated by
// size, and the closer of its file. Debug lowers the level to debug. Every
// line passes through secrets (message and attribute values). The file is
// opened on the first write, so commands that log nothing create nothing.
func openLog(dataDir string, debug bool, secrets *redact.Redactor) (*slog.Logger, io.Closer) {
	level := slog.LevelInfo
	if debug {
		level = slog.LevelDebug
	}
	w := &lumberjack.Logger{
		Filename:   filepath.Join(dataDir, "logs", "hone.log"),
		MaxSize:    10, // megabytes
		MaxBackups: 3,
		MaxAge:     28, // days
	}
	h := slog.NewTextHandler(w, &slog.HandlerOptions{Level: level})
	return slog.New(secrets.Handler(h)), w
}
