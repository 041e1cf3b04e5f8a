#!/usr/bin/env python3
"""PreToolUse hook for Bash: runs `python` commands with python3 instead."""
import json
import re
import sys

event = json.load(sys.stdin)
if event.get("tool_name") != "Bash":
    sys.exit(0)
tool_input = event.get("tool_input") or {}
command = tool_input.get("command", "")
rewritten = re.sub(r"(^|[;&|\s])python(\s)", r"\1python3\2", command)
if rewritten == command:
    sys.exit(0)
json.dump({
    "hookSpecificOutput": {
        "hookEventName": "PreToolUse",
        "permissionDecision": "allow",
        "permissionDecisionReason": "python is python3 on this machine",
        "updatedInput": {**tool_input, "command": rewritten},
    }
}, sys.stdout)
