package mcp

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"

	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/tools"
)

// maxImageBytes bounds one image passed to the model; larger ones are
// left out with a note. Long text is cut by the tool registry, which keeps
// the whole text as an artifact of the session.
const maxImageBytes = 5 << 20

// convertResult turns a tool result into what the model sees: text parts
// joined, images attached, resources inlined (text) or described (binary),
// structured content as JSON when there is nothing else.
func convertResult(serverName, remote string, res *mcp.CallToolResult) tools.Result {
	var b strings.Builder
	var images []llm.Part
	for _, c := range res.Content {
		text, img := convertContent(c)
		if img != nil {
			images = append(images, *img)
		}
		if text != "" {
			if b.Len() > 0 {
				b.WriteString("\n")
			}
			b.WriteString(text)
		}
	}
	if b.Len() == 0 && res.StructuredContent != nil {
		if js, err := json.Marshal(res.StructuredContent); err == nil {
			b.Write(js)
		}
	}
	text := b.String()
	if text == "" && len(images) == 0 {
		text = "(no output)"
	}
	return tools.Result{
		Content: text,
		IsError: res.IsError,
		Images:  images,
		Display: tools.Display{Kind: tools.DisplayText, Title: serverName + ": " + remote, Body: text},
	}
}

// convertContent converts one content item to text, an image, or both.
func convertContent(c mcp.Content) (string, *llm.Part) {
	switch v := c.(type) {
	case mcp.TextContent:
		return v.Text, nil
	case mcp.ImageContent:
		return image(v.Data, v.MIMEType, "image")
	case mcp.AudioContent:
		return fmt.Sprintf("[audio (%s) omitted: audio is not passed to the model]", v.MIMEType), nil
	case mcp.ResourceLink:
		return resourceLink(v), nil
	case mcp.EmbeddedResource:
		return embedded(v.Resource)
	}
	if js, err := json.Marshal(c); err == nil {
		return string(js), nil
	}
	return "", nil
}

// image decodes base64 image data into an image part, with a short note
// in the text so the model knows it is there.
func image(data, mime, what string) (string, *llm.Part) {
	raw, err := base64.StdEncoding.DecodeString(data)
	if err != nil {
		return fmt.Sprintf("[%s (%s) could not be decoded: %v]", what, mime, err), nil
	}
	if len(raw) > maxImageBytes {
		return fmt.Sprintf("[%s (%s, %d bytes) omitted: larger than %d bytes]", what, mime, len(raw), maxImageBytes), nil
	}
	return fmt.Sprintf("[%s attached: %s, %d bytes]", what, mime, len(raw)),
		&llm.Part{Type: llm.PartImage, MediaType: mime, Data: raw}
}

func resourceLink(l mcp.ResourceLink) string {
	s := fmt.Sprintf("[resource link: %s <%s>", l.Name, l.URI)
	if l.MIMEType != "" {
		s += " (" + l.MIMEType + ")"
	}
	if l.Description != "" {
		s += ": " + l.Description
	}
	return s + "]"
}

func embedded(r mcp.ResourceContents) (string, *llm.Part) {
	switch v := r.(type) {
	case mcp.TextResourceContents:
		return fmt.Sprintf("[resource %s (%s)]\n%s", v.URI, orUnknown(v.MIMEType), v.Text), nil
	case mcp.BlobResourceContents:
		if strings.HasPrefix(v.MIMEType, "image/") {
			return image(v.Blob, v.MIMEType, "resource "+v.URI)
		}
		return fmt.Sprintf("[binary resource %s (%s, %d base64 bytes) omitted]", v.URI, orUnknown(v.MIMEType), len(v.Blob)), nil
	}
	return "[resource of an unknown kind omitted]", nil
}

func orUnknown(mime string) string {
	if mime == "" {
		return "unknown type"
	}
	return mime
}
