// Package remote runs an llm.Provider in a helper process: hone keeps a
// small client (Host) and the helper links the provider's SDK (Serve).
//
// Go initializes every linked package before main, whichever command
// runs, so an SDK with a heavy import graph (genai brings Google Cloud
// auth, gRPC, protobuf) costs every start of hone, while only runs that
// call that provider use it. The helper holds the SDK instead; hone
// starts it on the first call of such a provider.
//
// The helper never opens a connection of its own. The SDK's HTTP client
// in the helper sends each request back to hone over the pipe, and hone
// sends it with its own client, under the call's context: the timeouts,
// the wire trace, proxies and the request-written signal (llm.WhenSent)
// work as for an adapter linked into hone. Transport errors are
// classified in hone, against the real error.
//
// The protocol is frames on the helper's stdin and stdout (frame.go): a
// call and its cancel go to the helper; events, text deltas and the end
// of a call come back; HTTP requests go to hone, and their responses
// (status, header, body in chunks, end) go to the helper. The helper
// exits when its stdin closes, so it ends with hone, also when hone is
// killed.
package remote
