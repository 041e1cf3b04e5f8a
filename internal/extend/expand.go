package extend

import (
	"fmt"
	"strings"
)

// Invocation is a prompt that named a command or a user-invocable skill:
// /name args.
type Invocation struct {
	// Name is the command or skill invoked, Args the rest of the line.
	Name string
	Args string
	// Text is what the model receives in place of the line: the command's
	// body with its arguments and referenced files, or the skill's
	// instructions.
	Text string
	// Command is set when a command was invoked, Skill when a skill was.
	Command *Command
	Skill   *Skill
}

// FileReader reads a file a command references as @path; the caller
// confines it (the project, bounded size).
type FileReader func(path string) (string, error)

// Invoke expands prompt when it starts with /name of a command or of a
// user-invocable skill (commands win); ok is false otherwise.
func (s *Set) Invoke(prompt string, read FileReader) (inv Invocation, ok bool) {
	if s == nil {
		return Invocation{}, false
	}
	line := strings.TrimSpace(prompt)
	if !strings.HasPrefix(line, "/") {
		return Invocation{}, false
	}
	name, args, _ := strings.Cut(line[1:], " ")
	if i := strings.IndexAny(name, "\n\t"); i >= 0 {
		name, args = name[:i], line[1+i+1:]
	}
	args = strings.TrimSpace(args)
	if c, found := s.Command(name); found {
		return Invocation{Name: name, Args: args, Text: ExpandCommand(c.Body, args, read), Command: &c}, true
	}
	if k, found := s.Skill(name); found && k.UserInvocable {
		text := SkillText(k)
		if args != "" {
			text += "\n\nARGUMENTS: " + args
		}
		return Invocation{Name: name, Args: args, Text: text, Skill: &k}, true
	}
	return Invocation{}, false
}

// Command returns the command called name.
func (s *Set) Command(name string) (Command, bool) {
	for _, c := range s.Commands {
		if c.Name == name {
			return c, true
		}
	}
	return Command{}, false
}

// Skill returns the skill called name.
func (s *Set) Skill(name string) (Skill, bool) {
	for _, k := range s.Skills {
		if k.Name == name {
			return k, true
		}
	}
	return Skill{}, false
}

// Agent returns the sub-agent called name.
func (s *Set) Agent(name string) (Agent, bool) {
	for _, a := range s.Agents {
		if a.Name == name {
			return a, true
		}
	}
	return Agent{}, false
}

// ModelSkills are the skills the model may load itself (not
// disable-model-invocation).
func (s *Set) ModelSkills() []Skill {
	if s == nil {
		return nil
	}
	var out []Skill
	for _, k := range s.Skills {
		if !k.DisableModelInvocation {
			out = append(out, k)
		}
	}
	return out
}

// SkillText is what loading a skill gives the model: its instructions,
// its folder and the other files in it (read with view, run with bash).
func SkillText(k Skill) string {
	var b strings.Builder
	fmt.Fprintf(&b, "<skill name=%q>\n", k.Name)
	fmt.Fprintf(&b, "Base directory of this skill: %s\n", k.Dir)
	b.WriteString("Paths in these instructions are relative to it.\n\n")
	b.WriteString(k.Body)
	if len(k.Files) > 0 {
		b.WriteString("\n\nFiles of this skill (read them with view when the instructions need them; run scripts with bash):\n")
		for _, f := range k.Files {
			b.WriteString("- " + f + "\n")
		}
	}
	b.WriteString("\n</skill>")
	return b.String()
}

// ExpandCommand fills a command body: $ARGUMENTS is the whole argument
// text and $1…$9 its words (quotes group words). A body that uses none
// of them gets the arguments appended. The files the result references
// as @path are appended, each in a <file> block, when read can read them.
func ExpandCommand(body, args string, read FileReader) string {
	words := splitArgs(args)
	used := strings.Contains(body, "$ARGUMENTS")
	var b strings.Builder
	for i := 0; i < len(body); i++ {
		switch {
		case strings.HasPrefix(body[i:], "$ARGUMENTS"):
			b.WriteString(args)
			i += len("$ARGUMENTS") - 1
		case body[i] == '$' && i+1 < len(body) && body[i+1] >= '1' && body[i+1] <= '9':
			if n := int(body[i+1] - '0'); n <= len(words) {
				b.WriteString(words[n-1])
			}
			used = true
			i++
		default:
			b.WriteByte(body[i])
		}
	}
	out := b.String()
	if !used && args != "" {
		out += "\n\nARGUMENTS: " + args
	}
	return out + fileBlocks(out, read)
}

// fileBlocks reads each distinct @path of text: a word starting with @
// (after a space, a parenthesis or at the start).
func fileBlocks(text string, read FileReader) string {
	if read == nil {
		return ""
	}
	var b strings.Builder
	seen := map[string]bool{}
	for _, path := range fileRefs(text) {
		if seen[path] {
			continue
		}
		seen[path] = true
		content, err := read(path)
		if err != nil {
			continue
		}
		fmt.Fprintf(&b, "\n\n<file path=%q>\n%s\n</file>", path, strings.TrimRight(content, "\n"))
	}
	return b.String()
}

// fileRefs are the paths of the @path words of text, without trailing
// punctuation.
func fileRefs(text string) []string {
	var out []string
	for i := 0; i < len(text); i++ {
		if text[i] != '@' || (i > 0 && !strings.ContainsRune(" \t\n(", rune(text[i-1]))) {
			continue
		}
		end := i + 1
		for end < len(text) && !strings.ContainsRune(" \t\n)", rune(text[end])) {
			end++
		}
		if path := strings.TrimRight(text[i+1:end], ".,;:"); path != "" && !strings.ContainsRune("@\"'`", rune(path[0])) {
			out = append(out, path)
		}
		i = end
	}
	return out
}

// splitArgs splits args into words; "double" or 'single' quotes group.
func splitArgs(args string) []string {
	var out []string
	var cur strings.Builder
	var quote rune
	inWord := false
	for _, r := range args {
		switch {
		case quote != 0 && r == quote:
			quote = 0
		case quote != 0:
			cur.WriteRune(r)
		case r == '"' || r == '\'':
			quote, inWord = r, true
		case r == ' ' || r == '\t' || r == '\n':
			if inWord {
				out = append(out, cur.String())
				cur.Reset()
				inWord = false
			}
		default:
			cur.WriteRune(r)
			inWord = true
		}
	}
	if inWord {
		out = append(out, cur.String())
	}
	return out
}
