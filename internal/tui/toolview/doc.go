// Package toolview renders tool calls for the chat and the permission
// dialog: a one-line header per call and a preview of its result chosen by
// the result's display kind (diff, file excerpt, command output, list,
// text) — never by tool name.
package toolview
