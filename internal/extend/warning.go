package extend

import "fmt"

// Warning is a problem in one definition file: the file, the line (0
// when unknown), the frontmatter field ("" for the file as a whole) and
// what is wrong.
type Warning struct {
	File  string
	Line  int
	Field string
	Msg   string
}

// String is "file:line: field: msg", the form editors jump to.
func (w Warning) String() string {
	loc := w.File
	if w.Line > 0 {
		loc = fmt.Sprintf("%s:%d", w.File, w.Line)
	}
	if w.Field != "" {
		return fmt.Sprintf("%s: %s: %s", loc, w.Field, w.Msg)
	}
	return loc + ": " + w.Msg
}
