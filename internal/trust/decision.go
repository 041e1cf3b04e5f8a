package trust

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"
)

// Part is one piece of a project's config that runs a program or sends
// data somewhere, as written in the file ($VAR references unexpanded).
type Part struct {
	// Path is where it is in the config: mcp.files, providers.anthropic,
	// options.context_paths[2].
	Path string `json:"path"`
	// Summary says what it would do: the command line it runs, the URL it
	// contacts, the variables it hands out.
	Summary string `json:"summary"`
	// Value is the part as written (decoded JSON, numbers as
	// json.Number); Hash covers it.
	Value any `json:"-"`
}

// Decision is what the user decided about a project: whether its
// executable parts apply. Load computes it for every project, with or
// without a config file.
type Decision struct {
	// Dir is the project directory (git root), absolute and
	// symlink-resolved.
	Dir string `json:"dir"`
	// File is the project config file, or where it would be.
	File string `json:"file"`
	// Hash identifies exactly the Parts (see Hash).
	Hash string `json:"hash"`
	// Parts are the executable or secret-bearing parts of the project
	// config, sorted by path.
	Parts []Part `json:"parts"`
	// Trusted is set when the user trusts Dir with this Hash, or named
	// the project's config file with --config.
	Trusted bool `json:"trusted"`
}

// Dropped returns the parts that do not apply: all of them in an
// untrusted project, none in a trusted one.
func (d Decision) Dropped() []Part {
	if d.Trusted {
		return nil
	}
	return d.Parts
}

// Drops reports whether the part at path (mcp.files, providers.openai)
// is in the project config but does not apply because the project is
// not trusted.
func (d Decision) Drops(path string) bool {
	for _, p := range d.Dropped() {
		if p.Path == path {
			return true
		}
	}
	return false
}

// NeedsAsk reports whether the project has executable parts the user has
// not trusted: a front end that can ask should.
func (d Decision) NeedsAsk() bool { return !d.Trusted && len(d.Parts) > 0 }

// Entry is the store entry that trusts the project as decided: its
// directory, config file and the hash of its parts.
func (d Decision) Entry() Entry {
	e := Entry{Dir: d.Dir, File: d.File, Hash: d.Hash}
	for _, p := range d.Parts {
		e.Parts = append(e.Parts, p.Path+": "+p.Summary)
	}
	return e
}

// maxListed bounds the paths Warning names.
const maxListed = 8

// Warning is the one line `hone run` prints when parts were dropped: what
// was ignored and how to trust the project. It is "" when nothing was.
func (d Decision) Warning() string {
	dropped := d.Dropped()
	if len(dropped) == 0 {
		return ""
	}
	paths := make([]string, 0, maxListed+1)
	for i, p := range dropped {
		if i == maxListed {
			paths = append(paths, fmt.Sprintf("and %d more", len(dropped)-maxListed))
			break
		}
		paths = append(paths, p.Path)
	}
	file := d.File
	if file == "" { // no config file: only skills, commands, agents or hooks
		file = d.Dir
	}
	return Printable(fmt.Sprintf("untrusted project config %s: ignored %s; review it and run \"hone trust %s\" to use them",
		file, strings.Join(paths, ", "), d.Dir))
}

// Printable escapes control and other non-graphic characters (\x1b, a
// newline …) so that text taken from a repository cannot drive the
// terminal it is shown on or fake extra lines.
func Printable(s string) string {
	if strings.IndexFunc(s, func(r rune) bool { return !unicode.IsGraphic(r) }) < 0 {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		if unicode.IsGraphic(r) {
			b.WriteRune(r)
			continue
		}
		q := strconv.QuoteRune(r)
		b.WriteString(q[1 : len(q)-1])
	}
	return b.String()
}

// Hash is the identity of a set of parts: a SHA-256 of their canonical
// JSON (paths and values, sorted by path, object keys sorted). Equal
// parts give equal hashes whatever their order or formatting in the file.
func Hash(parts []Part) string {
	type entry struct {
		Path  string `json:"path"`
		Value any    `json:"value"`
	}
	entries := make([]entry, len(parts))
	for i, p := range parts {
		entries[i] = entry{p.Path, p.Value}
	}
	slices.SortFunc(entries, func(a, b entry) int { return strings.Compare(a.Path, b.Path) })
	data, err := json.Marshal(entries)
	if err != nil {
		// Values come from decoded JSON and always marshal; make a
		// failure distinct from every real hash anyway.
		data = []byte("unmarshalable: " + err.Error())
	}
	sum := sha256.Sum256(data)
	return "sha256:" + hex.EncodeToString(sum[:])
}
