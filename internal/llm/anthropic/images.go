package anthropic

import (
	"bytes"
	"strconv"

	"github.com/anthropics/anthropic-sdk-go"

	"github.com/honecode/hone/internal/llm/sdkbody"
)

// imagePlaceholder starts the text that stands for an image's data while
// the SDK encodes its message (encodeMessage); it needs no escaping.
const imagePlaceholder = "hone-image-placeholder-"

// encodeMessage is m as the SDK embeds it (sdkbody.Piece), made without
// handing the SDK m's image data: its encoder passes over a string at
// every nesting level and once more to compact it, and a screenshot is
// 120–280 KB of base64 text, encoded again when its message loses its
// cache-control mark. So each base64 image source's data is swapped for
// a placeholder, the SDK encodes the rest, and each placeholder is
// replaced by its data: base64 text needs no escaping in JSON, so the
// SDK would have written it as it is. When the placeholders are not found
// once each, in order (a text that holds one), the SDK encodes m whole.
func encodeMessage(m anthropic.MessageParam) ([]byte, error) {
	sources := imageSources(m.Content)
	if len(sources) == 0 {
		return sdkbody.Piece(nil, m)
	}
	data := make([]string, len(sources))
	for k, s := range sources {
		data[k], s.Data = s.Data, imagePlaceholder+strconv.Itoa(k)
	}
	small, err := sdkbody.Piece(nil, m)
	for k, s := range sources {
		s.Data = data[k]
	}
	if err != nil {
		return nil, err
	}
	if out, ok := fillImages(small, data); ok {
		return out, nil
	}
	return sdkbody.Piece(nil, m)
}

// fillImages replaces placeholder k of small, a quoted string of its own,
// with data[k]; false unless each is found once, in order.
func fillImages(small []byte, data []string) ([]byte, bool) {
	if bytes.Count(small, []byte(imagePlaceholder)) != len(data) {
		return nil, false
	}
	size := len(small)
	for _, d := range data {
		size += len(d)
	}
	out := make([]byte, 0, size)
	rest := small
	for k, d := range data {
		ph := `"` + imagePlaceholder + strconv.Itoa(k) + `"`
		i := bytes.Index(rest, []byte(ph))
		if i < 0 {
			return nil, false
		}
		out = append(append(append(out, rest[:i+1]...), d...), '"')
		rest = rest[i+len(ph):]
	}
	return append(out, rest...), true
}

// imageSources are the base64 sources of the images in blocks, those of
// tool results included, in the order the SDK encodes them.
func imageSources(blocks []anthropic.ContentBlockParamUnion) []*anthropic.Base64ImageSourceParam {
	var out []*anthropic.Base64ImageSourceParam
	for _, b := range blocks {
		if b.OfImage != nil && b.OfImage.Source.OfBase64 != nil {
			out = append(out, b.OfImage.Source.OfBase64)
		}
		if b.OfToolResult == nil {
			continue
		}
		for _, c := range b.OfToolResult.Content {
			if c.OfImage != nil && c.OfImage.Source.OfBase64 != nil {
				out = append(out, c.OfImage.Source.OfBase64)
			}
		}
	}
	return out
}
