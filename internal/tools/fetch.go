package tools

import (
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"io"
	"mime"
	"net/http"
	"strings"

	htmltomarkdown "github.com/JohannesKaufmann/html-to-markdown/v2"
	"github.com/JohannesKaufmann/html-to-markdown/v2/converter"
	"github.com/honecode/hone/internal/permission"
)

//go:embed fetch.md
var fetchDescription string

// Limits of one fetch call.
const (
	fetchMaxBytes       = 5 << 20 // bytes read from the response; the registry cuts long text (keepWhole)
	fetchDefaultTimeout = 30      // seconds
	fetchMaxTimeout     = 120
)

type fetchParams struct {
	URL     string `json:"url" jsonschema_description:"The http or https URL to fetch."`
	Format  string `json:"format,omitempty" jsonschema_description:"How to return an HTML page: markdown (default), text (readable text only) or html (the raw markup). Other content is returned as is." jsonschema:"enum=text,enum=markdown,enum=html"`
	Timeout int    `json:"timeout,omitempty" jsonschema_description:"Timeout in seconds (default 30, at most 120)." jsonschema:"minimum=1,maximum=120"`
}

type fetchTool struct {
	env    *Env
	schema json.RawMessage
}

func init() {
	register(func(env *Env) Tool { return &fetchTool{env: env, schema: SchemaFor[fetchParams]()} })
}

// Info describes fetch.
func (t *fetchTool) Info() Info {
	return Info{Name: "fetch", Description: fetchDescription, Schema: t.schema, Policy: PolicyNetwork}
}

// Run downloads a web page and returns it as markdown, text or HTML.
func (t *fetchTool) Run(ctx context.Context, call Call) (Result, error) {
	p, err := decodeArgs[fetchParams](call)
	if err != nil {
		return Result{}, err
	}
	u, msg := parseWebURL(p.URL)
	if msg != "" {
		return ErrorResult(msg), nil
	}
	if res, ok := askPermission(ctx, t.env, permission.Request{
		ToolName: "fetch", Action: permission.ActionNetwork, Description: "Fetch " + u.String(),
	}); !ok {
		return res, nil
	}
	ctx, cancel := context.WithTimeout(ctx, timeoutSeconds(p.Timeout, fetchDefaultTimeout, fetchMaxTimeout))
	defer cancel()
	resp, err := webGet(ctx, t.env, u, "text/html, text/markdown, text/plain, application/json, */*;q=0.5")
	if err != nil {
		return ErrorResult(fmt.Sprintf("could not fetch %s: %v", u, err)), nil
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, fetchMaxBytes+1))
	if err != nil {
		return ErrorResult(fmt.Sprintf("could not read %s: %v", u, err)), nil
	}
	cut := len(body) > fetchMaxBytes
	text, msg := fetchContent(resp.Header.Get("Content-Type"), body[:min(len(body), fetchMaxBytes)], p.Format, u.String())
	if msg != "" {
		return ErrorResult(msg), nil
	}
	if cut {
		text += fmt.Sprintf("\n\n(Only the first %d MB of the page were read. Use download to save the whole file, then view or grep it.)", fetchMaxBytes>>20)
	}
	return Result{Content: text, Display: Display{Kind: DisplayText, Title: u.String(), Body: text}}, nil
}

// fetchContent converts a response body to the requested format.
func fetchContent(contentType string, body []byte, format, pageURL string) (string, string) {
	if contentType == "" {
		contentType = http.DetectContentType(body)
	}
	media, _, _ := mime.ParseMediaType(contentType)
	if !textual(media) {
		return "", fmt.Sprintf("%s is %s, not text; use download to save it to a file.", pageURL, media)
	}
	src := strings.ToValidUTF8(string(body), "\uFFFD")
	if !strings.Contains(media, "html") {
		return src, ""
	}
	switch format {
	case "html":
		return src, ""
	case "text":
		return htmlToText(src), ""
	}
	md, err := htmltomarkdown.ConvertString(src, converter.WithDomain(pageURL))
	if err != nil {
		return htmlToText(src), ""
	}
	return md, ""
}

// textual reports whether a media type is worth returning as text.
func textual(media string) bool {
	switch {
	case strings.HasPrefix(media, "text/"), strings.HasSuffix(media, "+json"), strings.HasSuffix(media, "+xml"):
		return true
	}
	switch media {
	case "application/json", "application/xml", "application/javascript", "application/x-javascript",
		"application/ecmascript", "application/x-yaml", "application/yaml", "application/toml",
		"application/x-sh", "application/graphql":
		return true
	}
	return false
}
