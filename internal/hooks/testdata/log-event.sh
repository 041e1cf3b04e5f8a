#!/bin/sh
# Any event: appends the JSON received to .hook-events.jsonl in the project.
{ cat; echo; } >> "$CLAUDE_PROJECT_DIR/.hook-events.jsonl"
