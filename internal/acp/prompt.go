package acp

import (
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"

	sdk "github.com/coder/acp-go-sdk"

	"github.com/honecode/hone/internal/agent"
	"github.com/honecode/hone/internal/llm"
)

// Prompt runs one turn of the session and answers when it ended, after
// every update of the turn was sent. A cancelled turn answers with
// stopReason "cancelled"; its partial work stays in the session.
func (a *Agent) Prompt(ctx context.Context, p sdk.PromptRequest) (sdk.PromptResponse, error) {
	s, err := a.session(p.SessionId)
	if err != nil {
		return sdk.PromptResponse{}, err
	}
	text, atts, err := promptParts(p.Prompt)
	if err != nil {
		return sdk.PromptResponse{}, invalidParams(err.Error())
	}
	s.promptMu.Lock()
	defer s.promptMu.Unlock()
	if ctx.Err() != nil { // cancelled while an earlier prompt ended
		return sdk.PromptResponse{StopReason: sdk.StopReasonCancelled}, nil
	}
	done := s.expectTurnEnd()
	res, err := s.ws.Agent.RunWith(ctx, s.id, text, atts, agent.RunOptions{})
	if err != nil {
		if errors.Is(err, context.Canceled) {
			return sdk.PromptResponse{StopReason: sdk.StopReasonCancelled}, nil
		}
		return sdk.PromptResponse{}, internalError(promptError(err))
	}
	s.waitTurnEnd(done)
	return turnResponse(res)
}

// promptError explains failures before the turn started.
func promptError(err error) error {
	switch {
	case errors.Is(err, agent.ErrEmptyPrompt):
		return errors.New("the prompt is empty")
	case errors.Is(err, agent.ErrNoModel):
		return fmt.Errorf("%w: configure a provider in hone.json or set its API key variable", err)
	}
	return err
}

// turnResponse maps how the turn ended to an ACP stop reason; failures
// of the model become an error the client shows.
func turnResponse(res *agent.Result) (sdk.PromptResponse, error) {
	usage := &sdk.Usage{
		InputTokens: int(res.Usage.Input), OutputTokens: int(res.Usage.Output),
		TotalTokens: int(res.Usage.Input + res.Usage.Output),
	}
	resp := sdk.PromptResponse{StopReason: sdk.StopReasonEndTurn, Usage: usage}
	switch res.Reason {
	case agent.ExitDone, agent.ExitPermissionDenied, agent.ExitLoop, agent.ExitQueued:
	case agent.ExitCanceled:
		resp.StopReason = sdk.StopReasonCancelled
	case agent.ExitMaxSteps, agent.ExitMaxCost:
		resp.StopReason = sdk.StopReasonMaxTurnRequests
	default:
		err := res.Err
		if err == nil {
			err = fmt.Errorf("turn ended: %s", res.Reason)
		}
		return sdk.PromptResponse{}, internalError(err)
	}
	return resp, nil
}

// promptParts turns ACP content into the prompt text and attachments:
// text as is, images as image parts, embedded resources as named
// attachments, links as references the model can open with its tools.
func promptParts(blocks []sdk.ContentBlock) (string, []llm.Part, error) {
	var text []string
	var atts []llm.Part
	for i, b := range blocks {
		switch {
		case b.Text != nil:
			text = append(text, b.Text.Text)
		case b.Image != nil:
			data, err := base64.StdEncoding.DecodeString(b.Image.Data)
			if err != nil {
				return "", nil, fmt.Errorf("prompt[%d]: image data is not base64: %v", i, err)
			}
			atts = append(atts, llm.Part{Type: llm.PartImage, MediaType: b.Image.MimeType, Data: data})
		case b.Resource != nil:
			p, err := resourcePart(b.Resource.Resource)
			if err != nil {
				return "", nil, fmt.Errorf("prompt[%d]: %w", i, err)
			}
			atts = append(atts, p)
		case b.ResourceLink != nil:
			text = append(text, fmt.Sprintf("[%s](%s)", b.ResourceLink.Name, b.ResourceLink.Uri))
		default:
			return "", nil, fmt.Errorf("prompt[%d]: unsupported content (audio is not accepted)", i)
		}
	}
	return strings.Join(text, "\n"), atts, nil
}

// resourcePart is an embedded resource: text as an attachment naming its
// URI, an image blob as an image.
func resourcePart(r sdk.EmbeddedResourceResource) (llm.Part, error) {
	if t := r.TextResourceContents; t != nil {
		return llm.Text(fmt.Sprintf("<attachment name=%q>\n%s\n</attachment>", t.Uri, t.Text)), nil
	}
	b := r.BlobResourceContents
	if b == nil || b.MimeType == nil || !strings.HasPrefix(*b.MimeType, "image/") {
		return llm.Part{}, errors.New("only text resources and images can be attached")
	}
	data, err := base64.StdEncoding.DecodeString(b.Blob)
	if err != nil {
		return llm.Part{}, fmt.Errorf("resource %s is not base64: %v", b.Uri, err)
	}
	return llm.Part{Type: llm.PartImage, MediaType: *b.MimeType, Data: data}, nil
}
