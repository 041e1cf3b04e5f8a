// Package tools defines the Tool interface, the registry that validates and
// runs tool calls, and one file per built-in tool (with its description in an
// embedded .md file). Tools receive one shared Env and report results with a
// typed Display that front ends render by kind, never by tool name.
package tools
