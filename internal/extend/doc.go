// Package extend finds and parses the definitions users write in
// markdown to extend Hone: skills (agentskills.io SKILL.md folders),
// custom slash commands and custom sub-agents, in the folders Claude Code
// and other agents use (.claude, .agents) and in Hone's own (.hone,
// ~/.config/hone).
//
// It is data, no execution: Load walks the discovery paths and returns
// plain values (Set) plus warnings that name the file, line and field of
// every problem. A bad file is skipped with a warning, never a crash.
// The agent and the tools consume these values; nothing else reads the
// files.
package extend
