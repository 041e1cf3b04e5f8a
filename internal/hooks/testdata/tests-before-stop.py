#!/usr/bin/env python3
"""Stop hook: the first time the agent wants to stop, ask it to run the
tests; stop_hook_active tells the second time apart, so it cannot loop."""
import json
import sys

event = json.load(sys.stdin)
if event.get("stop_hook_active"):
    sys.exit(0)
print(json.dumps({"decision": "block", "reason": "Before you finish, run the tests and report the result."}))
