// Package markdown renders assistant markdown with glamour for the chat.
//
// A message is split into top-level blocks (at blank lines outside code
// fences that are followed by an unindented line) and each block is
// rendered on its own. A Doc keeps the rendered blocks of one message, so
// while a message streams only its last block is rendered again: the cost
// of a delta is the size of the block being written, not of the message or
// the conversation.
package markdown
