#!/usr/bin/env bash
# Checks what Scripts/release.sh wrote, as a user would receive it:
#
#   Scripts/check-release.sh VERSION [OUTPUT]
#
# the checksums; the tarball extracted in an empty folder and run with an empty environment
# (`--version` and a `resolve`); the artifact bundle's info.json against SE-0305 (schema
# version, one executable artifact of VERSION, every variant's path present and executable,
# its triples), with this machine's triple among them.
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -ge 1 ] || { echo "usage: Scripts/check-release.sh VERSION [OUTPUT]" >&2; exit 2; }
version=$1
output=$(cd "${2:-.build/release-artifacts}" && pwd)
fail() { echo "check-release: $*" >&2; exit 1; }

case "$(uname -s)" in
    Linux) platform="$(uname -m)-linux"; triple="$(uname -m)-unknown-linux-gnu" ;;
    Darwin) platform="universal-macos"; triple="$(uname -m | sed 's/^aarch64$/arm64/')-apple-macosx" ;;
esac
tarball="$output/xcconfig-$version-$platform.tar.gz"
[ -f "$tarball" ] || fail "no $tarball"

for file in "$tarball" "$output/xcconfig.artifactbundle.zip"; do
    (cd "$output" && sha256sum -c --quiet "$(basename "$file").sha256") || fail "checksum of $(basename "$file") does not match"
done

clean=$(mktemp -d)
trap 'rm -rf "$clean"' EXIT
tar -C "$clean" -xzf "$tarball"
folder="$clean/xcconfig-$version-$platform"
for file in xcconfig LICENSE completions/xcconfig.bash completions/_xcconfig completions/xcconfig.fish; do
    [ -f "$folder/$file" ] || fail "the tarball has no $file"
done
[ "$(ls "$clean")" = "xcconfig-$version-$platform" ] || fail "the tarball holds more than its folder: $(ls "$clean")"
if [ "$(uname -s)" = Linux ]; then
    file -L "$folder/xcconfig" | grep -q 'statically linked' || fail "the executable is not static: $(file -L "$folder/xcconfig")"
fi
printf 'NAME = app\nPRODUCT_BUNDLE_IDENTIFIER = com.example.$(NAME)\n' > "$clean/One.xcconfig"
printed=$(cd "$clean" && env -i "$folder/xcconfig" --version)
[ "$printed" = "$version" ] || fail "xcconfig --version prints '$printed', not $version"
resolved=$(cd "$clean" && env -i "$folder/xcconfig" resolve One.xcconfig --print PRODUCT_BUNDLE_IDENTIFIER)
[ "$resolved" = "com.example.app" ] || fail "resolve printed '$resolved'"

mkdir "$clean/bundle"
(cd "$clean/bundle" && unzip -q "$output/xcconfig.artifactbundle.zip")
python3 - "$clean/bundle/xcconfig.artifactbundle" "$version" "$triple" <<'PYTHON'
import json, os, sys
bundle, version, triple = sys.argv[1:]
def fail(message):
    sys.exit("check-release: info.json: " + message)
with open(os.path.join(bundle, "info.json")) as file:
    info = json.load(file)
if info.get("schemaVersion") != "1.0": fail("schemaVersion is %r, not '1.0'" % info.get("schemaVersion"))
artifacts = info.get("artifacts")
if not isinstance(artifacts, dict) or list(artifacts) != ["xcconfig"]: fail("artifacts must hold exactly 'xcconfig'")
artifact = artifacts["xcconfig"]
if artifact.get("type") != "executable": fail("type is %r" % artifact.get("type"))
if artifact.get("version") != version: fail("version is %r, not %s" % (artifact.get("version"), version))
variants = artifact.get("variants")
if not isinstance(variants, list) or not variants: fail("no variants")
triples = []
for variant in variants:
    if set(variant) != {"path", "supportedTriples"}: fail("a variant has the keys %s" % sorted(variant))
    path = os.path.join(bundle, variant["path"])
    if os.path.isabs(variant["path"]) or not os.path.isfile(path) or not os.access(path, os.X_OK):
        fail("%s is no executable in the bundle" % variant["path"])
    if not variant["supportedTriples"] or not all(isinstance(t, str) and t.count("-") >= 2 for t in variant["supportedTriples"]):
        fail("bad supportedTriples %r" % variant["supportedTriples"])
    triples += variant["supportedTriples"]
if len(triples) != len(set(triples)): fail("a triple is listed twice")
if triple not in triples: fail("this machine's triple %s is not supported" % triple)
PYTHON
variant_path=$(python3 -c 'import json,sys; v=json.load(open(sys.argv[1]))["artifacts"]["xcconfig"]["variants"]; print(next(x["path"] for x in v if sys.argv[2] in x["supportedTriples"]))' "$clean/bundle/xcconfig.artifactbundle/info.json" "$triple")
[ "$(env -i "$clean/bundle/xcconfig.artifactbundle/$variant_path" --version)" = "$version" ] || fail "the bundle's executable is not $version"
echo "check-release: $version is complete ($(basename "$tarball"), xcconfig.artifactbundle.zip)"
