// Package chat is the conversation view: user prompts, assistant markdown
// (rendered by package markdown as it streams), collapsible reasoning, tool
// calls with result previews (package toolview), and info lines for
// failovers, summaries, errors and cancellations.
//
// Rendering is virtual: only items on screen are rendered, each item caches
// its lines per (width, version), and the scroll position is an anchor
// (item, line) rather than an absolute offset, so opening a long session or
// applying a streaming delta costs the visible items, not the history.
package chat
