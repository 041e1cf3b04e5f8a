package mcpserve

import (
	"context"
	"fmt"
	"log/slog"
	"path/filepath"
	"slices"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/honecode/hone/internal/config"
)

// Options configure the server.
type Options struct {
	Open Opener
	// WorkDir is where hone calls without a cwd run.
	WorkDir string
	// MaxMode is the loosest permission mode a caller may ask for
	// (default yolo: the caller decides, as `hone run --yolo` does).
	MaxMode string
	// Version is reported to clients.
	Version string
	Logger  *slog.Logger
}

// instructions tell the calling model what the tools are for.
const instructions = "Hone is a coding agent. Use the hone tool to hand it a task in a project directory " +
	"(it reads, searches, edits and runs code there) and hone_reply to continue that session with its session_id. " +
	"Actions its permission mode does not allow are denied, since no one can be asked."

// NewServer builds the MCP server with the hone and hone_reply tools.
func NewServer(opts Options) (*server.MCPServer, error) {
	if opts.MaxMode == "" {
		opts.MaxMode = config.ModeYolo
	}
	if _, ok := config.ModeStrictness(opts.MaxMode); !ok {
		return nil, fmt.Errorf("max mode %q: want one of %s", opts.MaxMode, strings.Join(config.PermissionModes(), ", "))
	}
	if opts.Logger == nil {
		opts.Logger = slog.New(slog.DiscardHandler)
	}
	srv := server.NewMCPServer("hone", opts.Version, server.WithToolCapabilities(false), server.WithInstructions(instructions))
	h := &handler{opts: opts, srv: srv}
	modes := allowedModes(opts.MaxMode)
	srv.AddTool(mcp.NewTool("hone",
		mcp.WithDescription("Start a Hone session in a directory and run one task to the end. Returns Hone's final answer and the session_id for hone_reply."),
		mcp.WithString("prompt", mcp.Required(), mcp.Description("The task, as you would type it to a coding agent.")),
		mcp.WithString("cwd", mcp.Description("Absolute project directory (default: the directory the server runs in).")),
		mcp.WithString("model", mcp.Description("Model as provider/model (default: the configured large model).")),
		mcp.WithString("permission_mode", mcp.Enum(modes...), mcp.Description(modeHelp)),
		mcp.WithDestructiveHintAnnotation(true), mcp.WithOpenWorldHintAnnotation(true),
	), h.hone)
	srv.AddTool(mcp.NewTool("hone_reply",
		mcp.WithDescription("Continue a Hone session (from an earlier hone call) with another prompt, in that session's directory."),
		mcp.WithString("session_id", mcp.Required(), mcp.Description("The session_id an earlier hone call returned (or a unique prefix).")),
		mcp.WithString("prompt", mcp.Required(), mcp.Description("The next message to Hone.")),
		mcp.WithString("model", mcp.Description("Model as provider/model (default: the configured large model).")),
		mcp.WithString("permission_mode", mcp.Enum(modes...), mcp.Description(modeHelp)),
		mcp.WithDestructiveHintAnnotation(true), mcp.WithOpenWorldHintAnnotation(true),
	), h.reply)
	return srv, nil
}

const modeHelp = "What Hone may do without asking (nobody can be asked, so anything else is denied): " +
	"plan = read only; default = read only plus read-only commands; accept-edits = also edit files in the project; " +
	"yolo = everything deny rules allow. Default: default."

// allowedModes are the modes no looser than max, strictest first.
func allowedModes(max string) []string {
	limit, _ := config.ModeStrictness(max)
	var out []string
	for _, m := range config.PermissionModes() {
		if r, _ := config.ModeStrictness(m); r >= limit {
			out = append(out, m)
		}
	}
	slices.Reverse(out)
	return out
}

// handler runs the tool calls.
type handler struct {
	opts Options
	srv  *server.MCPServer
}

// mode checks the caller's permission mode against the server's maximum.
func (h *handler) mode(req mcp.CallToolRequest) (string, error) {
	m := req.GetString("permission_mode", config.ModeDefault)
	rank, ok := config.ModeStrictness(m)
	if !ok {
		return "", fmt.Errorf("permission_mode %q: want one of %s", m, strings.Join(config.PermissionModes(), ", "))
	}
	if limit, _ := config.ModeStrictness(h.opts.MaxMode); rank < limit {
		return "", fmt.Errorf("permission_mode %q is looser than this server allows (%s); start it with --max-mode %s to allow it", m, h.opts.MaxMode, m)
	}
	return m, nil
}

// hone runs a prompt in a new session.
func (h *handler) hone(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	prompt, err := req.RequireString("prompt")
	if err != nil || strings.TrimSpace(prompt) == "" {
		return mcp.NewToolResultError("prompt is required"), nil
	}
	mode, err := h.mode(req)
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	cwd := req.GetString("cwd", h.opts.WorkDir)
	if !filepath.IsAbs(cwd) {
		return mcp.NewToolResultError(fmt.Sprintf("cwd %q is not an absolute path", cwd)), nil
	}
	o := OpenOptions{Cwd: cwd, Model: req.GetString("model", ""), PermissionMode: mode}
	return h.run(ctx, req, o, "", prompt), nil
}

// reply runs a prompt in an existing session, in its directory.
func (h *handler) reply(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	id, err := req.RequireString("session_id")
	if err != nil || strings.TrimSpace(id) == "" {
		return mcp.NewToolResultError("session_id is required"), nil
	}
	prompt, err := req.RequireString("prompt")
	if err != nil || strings.TrimSpace(prompt) == "" {
		return mcp.NewToolResultError("prompt is required"), nil
	}
	mode, err := h.mode(req)
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	o := OpenOptions{Cwd: h.opts.WorkDir, Model: req.GetString("model", ""), PermissionMode: mode}
	return h.run(ctx, req, o, id, prompt), nil
}
