#!/bin/sh
# Builds a small git history from this sample in DIR (default: a new temporary folder) and
# shows what `xcconfig diff` says about it. Nothing here is a nested repository: the history
# is made on the fly.
#
#   Samples/SettingsDiff/make-history.sh [DIR]
#   XCCONFIG=.build/release/xcconfig Samples/SettingsDiff/make-history.sh
set -eu
sample=$(cd "$(dirname "$0")" && pwd)
dir=${1:-$(mktemp -d "${TMPDIR:-/tmp}/xcconfig-diff-sample.XXXXXX")}
xcconfig=${XCCONFIG:-xcconfig}
case $xcconfig in /*) ;; */*) xcconfig="$(pwd)/$xcconfig" ;; esac

mkdir -p "$dir"
cp -R "$sample/Config" "$sample/App.xcodeproj" "$dir/"
cd "$dir"
git init -q
git config user.name "Sample"
git config user.email "sample@example.com"
git add -A
git commit -q -m "App and Widget on Swift 5"

# The change under review: Swift 6 in the shared file, the widget's deployment target in its
# own file, and a Release-only setting in the project file.
sed -i.bak 's/^SWIFT_VERSION = 5.0$/SWIFT_VERSION = 6.0/' Config/Shared.xcconfig
printf 'IPHONEOS_DEPLOYMENT_TARGET = 17.0\n' >> Config/Widget.xcconfig
rm -f Config/*.bak
git add -A
git commit -q -m "Swift 6; widget on iOS 17"

echo "# History in $dir"
git log --oneline
for format in text markdown github json; do
  echo
  echo "# xcconfig diff --base HEAD~1 --head HEAD --project App.xcodeproj --format $format"
  "$xcconfig" diff --base HEAD~1 --head HEAD --project App.xcodeproj --format "$format"
done
