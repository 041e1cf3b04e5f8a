// Package sdkbody holds what the adapters that build request bodies from
// pieces the SDK encoded share (openai, openaicompat, anthropic): a piece
// encoded as the SDK's encoder embeds it, a one-element array of one,
// "stream": true set as the SDKs' option.WithJSONSet sets it, the kept
// pieces (Pieces), the skeleton of a body cut where its arrays go
// (Skeleton), the settings a skeleton is made from (Key) and the recent
// skeletons kept by them (Skeletons). The bodies they splice from these
// must equal the SDK's own encoding byte for byte; each adapter's
// TestBodyMatchesSDK holds them to it.
package sdkbody

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/tidwall/sjson"
)

// Piece appends v to dst the way it appears inside the SDK's body: its
// own MarshalJSON, compacted without HTML escaping, as the SDK's encoder
// copies a nested marshaler's output.
func Piece(dst []byte, v json.Marshaler) ([]byte, error) {
	b, err := v.MarshalJSON()
	if err != nil {
		return nil, fmt.Errorf("encode request: %w", err)
	}
	buf := bytes.NewBuffer(dst)
	if err := json.Compact(buf, b); err != nil {
		return nil, fmt.Errorf("encode request: %w", err)
	}
	return buf.Bytes(), nil
}

// Array is the encoded one-element array of v.
func Array(v json.Marshaler) ([]byte, error) {
	b, err := Piece([]byte{'['}, v)
	if err != nil {
		return nil, err
	}
	return append(b, ']'), nil
}

// SetStream sets "stream": true in the body b as option.WithJSONSet does.
func SetStream(b []byte) ([]byte, error) {
	b, err := sjson.SetBytes(b, "stream", true)
	if err != nil {
		return nil, fmt.Errorf("encode request: %w", err)
	}
	return b, nil
}
