package shell

import (
	"strings"
)

// An option table lists the options a program accepts, as one string of
// space-separated entries:
//
//	-x       short flag                 -x=    short option with a value (-xV or -x V)
//	-x?      value only attached (-xV)  -#     numeric options such as -5 or -20
//	--foo    long flag                  --foo= long option with a value (--foo=V or --foo V)
//	--foo?   value only attached        --foo== long option with two values (--arg NAME VALUE)
//
// Long options match exactly: abbreviations (--o for --output, which GNU
// getopt accepts) are unknown options. When it is unclear whether an
// option takes a value, a table says it does not, so the next word is
// judged as an option or operand of its own and never slips through as a
// value.

// optKind is how an option takes its value.
type optKind int

const (
	optUnknown  optKind = iota
	optFlag             // no value
	optValue            // a required value, attached or in the next word
	optAttached         // an optional value, attached only
	optTwo              // two values in the next words
)

// option is one parsed option: its name as written in the table ("-k",
// "--key") and its value.
type option struct {
	name     string
	value    string
	hasValue bool
	// at is the index of the argument holding the value.
	at int
}

// parsed is a command line split into options and operands.
type parsed struct {
	opts     []option
	operands []string
	// operandAt holds the argument index of each operand.
	operandAt []int
}

// operand records args[i] as an operand.
func (p *parsed) operand(args []string, i int) {
	p.operands = append(p.operands, args[i])
	p.operandAt = append(p.operandAt, i)
}

// has reports whether any of the named options was given.
func (p parsed) has(names ...string) bool {
	for _, o := range p.opts {
		for _, n := range names {
			if o.name == n {
				return true
			}
		}
	}
	return false
}

// values returns the values given to the named options.
func (p parsed) values(names ...string) []string {
	var out []string
	for _, o := range p.opts {
		for _, n := range names {
			if o.name == n && o.hasValue {
				out = append(out, o.value)
			}
		}
	}
	return out
}

// lookup finds name in an option table.
func lookup(table, name string) optKind {
	for rest := table; rest != ""; {
		var entry string
		entry, rest = nextField(rest)
		base := strings.TrimRight(entry, "=?")
		if base != name {
			continue
		}
		switch suffix := entry[len(base):]; suffix {
		case "":
			return optFlag
		case "=":
			return optValue
		case "?":
			return optAttached
		case "==":
			return optTwo
		}
	}
	return optUnknown
}

// nextField splits off the first space-separated field of s.
func nextField(s string) (field, rest string) {
	s = strings.TrimLeft(s, " \t\n")
	i := strings.IndexAny(s, " \t\n")
	if i < 0 {
		return s, ""
	}
	return s[:i], s[i:]
}

// parseGNU splits args the way getopt_long does, options and operands
// in any order ("--" ends the options). It fails on an option the table
// does not know, a missing value, or a value given to a flag.
func parseGNU(table string, args []string) (parsed, bool) {
	return parseOpts(table, args, false)
}

// parseOpts is parseGNU; with stop set, the first operand ends the
// options, as for commands that run the rest of their arguments.
func parseOpts(table string, args []string, stop bool) (parsed, bool) {
	var p parsed
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			for j := i + 1; j < len(args); j++ {
				p.operand(args, j)
			}
			return p, true
		case strings.HasPrefix(a, "--"):
			n, ok := parseLong(table, args, i, &p)
			if !ok {
				return p, false
			}
			i += n
		case len(a) > 1 && a[0] == '-':
			n, ok := parseShort(table, args, i, &p)
			if !ok {
				return p, false
			}
			i += n
		case stop:
			for j := i; j < len(args); j++ {
				p.operand(args, j)
			}
			return p, true
		default:
			p.operand(args, i)
		}
	}
	return p, true
}

// parseLong parses the long option args[i] and returns how many extra
// words it consumed.
func parseLong(table string, args []string, i int, p *parsed) (int, bool) {
	name, value, hasValue := strings.Cut(args[i], "=")
	switch lookup(table, name) {
	case optFlag:
		p.opts = append(p.opts, option{name: name, at: i})
		return 0, !hasValue
	case optAttached:
		p.opts = append(p.opts, option{name: name, value: value, hasValue: hasValue, at: i})
		return 0, true
	case optValue:
		if hasValue {
			p.opts = append(p.opts, option{name: name, value: value, hasValue: true, at: i})
			return 0, true
		}
		if i+1 >= len(args) {
			return 0, false
		}
		p.opts = append(p.opts, option{name: name, value: args[i+1], hasValue: true, at: i + 1})
		return 1, true
	case optTwo:
		if hasValue || i+2 >= len(args) {
			return 0, false
		}
		p.opts = append(p.opts, option{name: name, value: args[i+1], hasValue: true, at: i + 1},
			option{name: name, value: args[i+2], hasValue: true, at: i + 2})
		return 2, true
	}
	return 0, false
}

// parseOne parses the one option (or cluster) at args[i] and returns it
// and how many extra words it consumed.
func parseOne(table string, args []string, i int) (parsed, int, bool) {
	var p parsed
	var n int
	var ok bool
	if strings.HasPrefix(args[i], "--") {
		n, ok = parseLong(table, args, i, &p)
	} else {
		n, ok = parseShort(table, args, i, &p)
	}
	return p, n, ok
}

// attachedValues returns, as words to judge as paths, the values that
// were attached to a short option (-fFILE): the option word itself does
// not show where the value starts.
func attachedValues(p parsed, args []string) []word {
	var out []word
	for _, o := range p.opts {
		if o.hasValue && strings.HasPrefix(args[o.at], "-") && !strings.HasPrefix(args[o.at], "--") && o.value != "" {
			out = append(out, word{text: o.value, lit: true})
		}
	}
	return out
}

// parseShort parses the cluster of short options args[i] (-abc, -k2,
// -n 5, -20) and returns how many extra words it consumed.
func parseShort(table string, args []string, i int, p *parsed) (int, bool) {
	a := args[i]
	if strings.Trim(a[1:], "0123456789") == "" && lookup(table, "-#") == optFlag {
		p.opts = append(p.opts, option{name: "-#", value: a[1:], hasValue: true, at: i})
		return 0, true
	}
	for j := 1; j < len(a); j++ {
		name := "-" + a[j:j+1]
		rest := a[j+1:]
		switch lookup(table, name) {
		case optFlag:
			p.opts = append(p.opts, option{name: name, at: i})
		case optAttached:
			p.opts = append(p.opts, option{name: name, value: rest, hasValue: rest != "", at: i})
			return 0, true
		case optValue:
			if rest != "" {
				p.opts = append(p.opts, option{name: name, value: rest, hasValue: true, at: i})
				return 0, true
			}
			if i+1 >= len(args) {
				return 0, false
			}
			p.opts = append(p.opts, option{name: name, value: args[i+1], hasValue: true, at: i + 1})
			return 1, true
		default:
			return 0, false
		}
	}
	return 0, true
}

// parseGoFlags splits args the way Go's flag package and the go command
// do: -name and --name are the same, -name=value or -name value for
// options with a value, no clusters. Flags after operands are parsed as
// flags too (the go command rejects or ignores them; judging them is
// safer).
func parseGoFlags(table string, args []string) (parsed, bool) {
	var p parsed
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			for j := i + 1; j < len(args); j++ {
				p.operand(args, j)
			}
			return p, true
		}
		if len(a) < 2 || a[0] != '-' {
			p.operand(args, i)
			continue
		}
		name, value, hasValue := strings.Cut("-"+strings.TrimLeft(a, "-"), "=")
		switch lookup(table, name) {
		case optFlag:
			if hasValue && value != "true" && value != "false" {
				return p, false
			}
			p.opts = append(p.opts, option{name: name, value: value, hasValue: hasValue, at: i})
		case optValue:
			if !hasValue {
				if i+1 >= len(args) {
					return p, false
				}
				i++
				value = args[i]
			}
			p.opts = append(p.opts, option{name: name, value: value, hasValue: true, at: i})
		default:
			return p, false
		}
	}
	return p, true
}
