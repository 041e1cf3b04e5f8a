#!/usr/bin/env bash
# PreToolUse hook for Bash: refuses commands that delete files with rm.
# Parses the JSON on stdin without jq, as many hook scripts do.
input=$(cat)
command=$(printf '%s' "$input" | sed -n 's/.*"command"[[:space:]]*:[[:space:]]*"\(\([^"\\]\|\\.\)*\)".*/\1/p')
if printf '%s' "$command" | grep -Eq '(^|[;&|[:space:]])rm[[:space:]]'; then
  echo "Blocked by block-rm.sh: deleting files with rm is not allowed here; move them to ./trash instead." >&2
  exit 2
fi
exit 0
