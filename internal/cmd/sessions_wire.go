package cmd

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"sort"
	"strings"
	"time"

	"github.com/honecode/hone/internal/wiretrace"
)

// printWire prints the wire trace of sessionID from dir: the JSON lines
// as they are with asJSON, else one readable block per record.
func printWire(w io.Writer, dir, sessionID string, asJSON bool) error {
	f, err := os.Open(wiretrace.Path(dir, sessionID))
	if errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("session %s has no wire trace: run it with --trace-llm or --trace-mcp (or options.trace)", sessionID)
	}
	if err != nil {
		return fmt.Errorf("read wire trace: %w", err)
	}
	defer f.Close()
	if asJSON {
		_, err := io.Copy(w, f)
		return err
	}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 0, 64<<10), 64<<20)
	for sc.Scan() {
		var r wiretrace.Record
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			return fmt.Errorf("read wire trace %s: %w", f.Name(), err)
		}
		if _, err := io.WriteString(w, wireBlock(r)); err != nil {
			return err
		}
	}
	return sc.Err()
}

// wireBlock is one record for people: a head line, headers, body.
func wireBlock(r wiretrace.Record) string {
	var b strings.Builder
	at := time.UnixMilli(r.Time).Local().Format("15:04:05.000")
	head := []string{at, r.Kind}
	if r.Server != "" {
		head = append(head, r.Server)
	}
	head = append(head, r.Dir)
	switch {
	case r.Method != "":
		head = append(head, r.Method, r.URL)
	case r.Status != 0:
		head = append(head, fmt.Sprint(r.Status), r.URL)
	}
	b.WriteString(strings.Join(head, " ") + "\n")
	keys := make([]string, 0, len(r.Header))
	for k := range r.Header {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		fmt.Fprintf(&b, "  %s: %s\n", k, r.Header[k])
	}
	if r.Error != "" {
		fmt.Fprintf(&b, "  error: %s\n", r.Error)
	}
	if r.Body != "" {
		b.WriteString("  " + strings.ReplaceAll(strings.TrimRight(r.Body, "\n"), "\n", "\n  ") + "\n")
	}
	return b.String()
}
