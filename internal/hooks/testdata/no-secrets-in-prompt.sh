#!/usr/bin/env bash
# UserPromptSubmit hook: refuses prompts that seem to contain a password.
prompt=$(cat | sed -n 's/.*"prompt"[[:space:]]*:[[:space:]]*"\(\([^"\\]\|\\.\)*\)".*/\1/p')
if printf '%s' "$prompt" | grep -qi 'password[[:space:]]*[:=]'; then
  echo "Prompt blocked by no-secrets-in-prompt.sh: it seems to contain a password. Remove it and send again." >&2
  exit 2
fi
