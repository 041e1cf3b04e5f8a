#!/bin/bash
# PostToolUse hook for Edit|Write: reminds the model to format Go files.
payload=$(cat)
case "$payload" in
  *'"file_path":"'*'.go"'*|*'"file_path": "'*'.go"'*)
    printf '{"hookSpecificOutput":{"hookEventName":"PostToolUse","additionalContext":"%s"}}\n' \
      "Reminder from gofmt-reminder.sh: run gofmt on the Go file you changed."
    ;;
esac
exit 0
