package run

import "strings"

// Prompt builds the prompt of `hone run`: the text piped to stdin (read
// by the command layer, "" when none), a blank line, then the arguments
// joined by spaces. Either part may be empty.
func Prompt(args []string, stdin string) string {
	arg := strings.TrimSpace(strings.Join(args, " "))
	in := strings.TrimRight(stdin, "\r\n\t ")
	switch {
	case in == "":
		return arg
	case arg == "":
		return in
	}
	return in + "\n\n" + arg
}
