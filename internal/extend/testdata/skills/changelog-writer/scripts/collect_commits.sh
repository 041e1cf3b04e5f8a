#!/usr/bin/env bash
# Prints the subjects of the commits since the newest tag (all commits
# when the repository has no tag yet).
set -euo pipefail
if last=$(git describe --tags --abbrev=0 2>/dev/null); then
  git log --no-merges --pretty=format:%s "${last}..HEAD"
else
  git log --no-merges --pretty=format:%s
fi
