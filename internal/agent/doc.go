// Package agent runs conversations with a model: the Coordinator owns every
// session's turn (one at a time per session, with a prompt queue), picks
// candidates with failover and cooldown, and publishes turn-level events;
// a turn streams model steps, runs tool calls through the registry, keeps
// usage and traces, summarizes when the context runs short and titles new
// sessions in the background.
//
// The package depends only on the small interfaces it declares in deps.go;
// internal/app wires the real stores, tool registry and providers in.
//
// Persistence rules a reader can rely on: the user message is stored before
// any request; streaming text is written coalesced and terminal states at
// once; every tool call ends up with a result (a synthetic "interrupted"
// one after a cancel or crash), so the stored history is always a valid
// request. Queued prompts are stored with message.StatusQueued and
// re-created as ordinary user messages when folded into a turn, so that the
// stored order is the conversation order.
package agent
