#!/usr/bin/env bash
# Runs every hook of .pre-commit-hooks.yaml with `pre-commit try-repo` on a sample repository,
# as a user's pre-commit would (it builds the tool with `swift build -c release` once, in its
# cache). Needs pre-commit (pip install pre-commit) and a commit to try: the hooks of HEAD.
#
#   Scripts/check-pre-commit-hooks.sh [REVISION]     (default: HEAD)
set -euo pipefail
cd "$(dirname "$0")/.."
repository=$(pwd)
# One revision for every hook, so that pre-commit builds the tool once for all of them.
revision=${1:-$(git rev-parse HEAD)}
command -v pre-commit >/dev/null || { echo "error: pre-commit is not installed (pip install pre-commit)" >&2; exit 2; }
sample=$(mktemp -d)
trap 'rm -rf "$sample"' EXIT
cd "$sample"
git init -q -b main
git config user.email hooks@example.com
git config user.name "Hook check"
mkdir Config
# Formatted, and clean for every rule.
printf 'PRODUCT_NAME = Sample\nPRODUCT_BUNDLE_IDENTIFIER = com.example.$(PRODUCT_NAME:rfc1034identifier)\n' > Config/App.xcconfig
git add Config && git commit -q -m sample
for hook in $(sed -n 's/^- id: //p' "$repository/.pre-commit-hooks.yaml"); do
    echo "== $hook"
    pre-commit try-repo "$repository" "$hook" --ref "$revision" --all-files
done
# A warning: xcconfig-lint passes, xcconfig-lint-strict fails.
printf 'URL = https://example.com/x\n' > Config/Cut.xcconfig
git add Config/Cut.xcconfig
pre-commit try-repo "$repository" xcconfig-lint --ref "$revision" --all-files
if pre-commit try-repo "$repository" xcconfig-lint-strict --ref "$revision" --all-files; then
    echo "error: xcconfig-lint-strict passed a warning" >&2
    exit 1
fi
echo "check-pre-commit-hooks: every hook passes a clean repository, and only the strict lint fails on a warning"
