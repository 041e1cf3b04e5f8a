package app

import (
	"io"
	"log/slog"

	"path/filepath"
	"strings"

	"gopkg.in/natefinch/lumberjack.v2"
)

// openLog returns a logger writing to <dataDir>/logs/hone.log, rotated by
// size, and the closer of its file. Debug lowers the level to debug. The
// file is opened on the first write, so commands that log nothing create
// nothing.
func openLog(dataDir string, debug bool) (*slog.Logger, io.Closer) {
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
	h := slog.NewTextHandler(w, &slog.HandlerOptions{Level: level, ReplaceAttr: redactAttr})
	return slog.New(h), w
}

// redactAttr blanks attributes whose values are secrets.
func redactAttr(_ []string, a slog.Attr) slog.Attr {
	switch strings.ToLower(a.Key) {
	case "api_key", "apikey", "authorization", "x-api-key", "token":
		return slog.String(a.Key, "[redacted]")
	}
	return a
}
