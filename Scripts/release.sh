#!/usr/bin/env bash
# Builds the release files of xcconfig VERSION into OUTPUT (default .build/release-artifacts):
#
#   Scripts/release.sh VERSION [OUTPUT]
#
#   xcconfig-VERSION-ARCH-linux.tar.gz (+ .sha256)       Linux: the static executable
#   xcconfig-VERSION-universal-macos.tar.gz (+ .sha256)  macOS: arm64 + x86_64 in one executable
#   xcconfig.artifactbundle.zip (+ .sha256)              SE-0305 artifact bundle, for a binaryTarget
#   xcconfig-VERSION-source.tar.gz (+ .sha256)           the committed sources (HEAD), for Homebrew
#
# and points Formula/xcconfig.rb at the source tarball (url and sha256): commit that, then tag.
# Each tarball holds xcconfig, LICENSE and the bash, zsh and fish completions in one folder.
# VERSION must be the version `xcconfig --version` prints (the one xcconfigVersion in Sources),
# so that a release never names a version its executable denies. A bundle already in OUTPUT
# from the other platform's run keeps its variant: run the script on Linux, copy OUTPUT to a
# Mac, run it there, and the bundle holds both.
set -euo pipefail
cd "$(dirname "$0")/.."

usage() { echo "usage: Scripts/release.sh VERSION [OUTPUT]" >&2; exit 2; }
[ $# -ge 1 ] && [ $# -le 2 ] || usage
version=$1
swift=${SWIFT:-swift}  # the swift to build with
output=${2:-.build/release-artifacts}
case "$version" in
    ''|*[!0-9A-Za-z.+-]*) echo "error: '$version' is not a version (digits, letters, '.', '-', '+')" >&2; exit 2 ;;
esac

# The one place the version is written, read the way the compiler reads it.
source_version=$(grep -rhE --include='*.swift' '^public let xcconfigVersion = "[^"]+"$' Sources | sed -E 's/.*"([^"]+)"$/\1/')
if [ "$(printf '%s\n' "$source_version" | wc -l)" -ne 1 ] || [ -z "$source_version" ]; then
    echo "error: expected exactly one 'public let xcconfigVersion = \"…\"' in Sources" >&2
    exit 2
fi
if [ "$version" != "$source_version" ]; then
    echo "error: VERSION is $version, but xcconfig --version prints $source_version (xcconfigVersion in Sources)" >&2
    exit 2
fi
for tool in zip tar; do
    command -v "$tool" >/dev/null || { echo "error: $tool is needed to package the release" >&2; exit 2; }
done

checksum() {  # FILE: writes FILE.sha256 in `sha256sum -c` format, from inside FILE's folder
    (cd "$(dirname "$1")" && if command -v sha256sum >/dev/null; then sha256sum "$(basename "$1")"; else shasum -a 256 "$(basename "$1")"; fi) > "$1.sha256"
}

case "$(uname -s)" in
    Linux)
        arch=$(uname -m)
        "$swift" build -c release --product xcconfig
        executable=.build/release/xcconfig
        if command -v file >/dev/null && ! file -L "$executable" | grep -q 'statically linked'; then
            echo "error: $executable is not a static executable (is XCCONFIG_DYNAMIC_EXECUTABLE set?)" >&2
            exit 2
        fi
        platform="$arch-linux"
        variant="xcconfig-$version-linux-$arch"
        ;;
    Darwin)
        # A universal build needs Xcode's build system; with only the command-line tools it
        # fails, and a bundle with one architecture would fail on the other Macs.
        if ! "$swift" build -c release --product xcconfig --arch arm64 --arch x86_64; then
            echo "error: cannot build a universal (arm64 + x86_64) xcconfig here; a release needs Xcode installed" >&2
            exit 2
        fi
        executable=.build/apple/Products/Release/xcconfig
        archs=$(lipo -archs "$executable" 2>/dev/null || true)
        case " $archs " in
            *" arm64 "*" x86_64 "*|*" x86_64 "*" arm64 "*) ;;
            *) echo "error: $executable holds '$archs', not arm64 and x86_64; refusing to ship half a release" >&2; exit 2 ;;
        esac
        platform="universal-macos"
        variant="xcconfig-$version-macos"
        ;;
    *)
        echo "error: releases are built on Linux or macOS, not $(uname -s)" >&2
        exit 2
        ;;
esac

mkdir -p "$output"
output=$(cd "$output" && pwd)
staging=$(mktemp -d)
trap 'rm -rf "$staging"' EXIT

# The tarball: one folder, the executable, the licence and the completions.
folder="xcconfig-$version-$platform"
mkdir -p "$staging/$folder/completions"
cp "$executable" "$staging/$folder/xcconfig"
strip "$staging/$folder/xcconfig" 2>/dev/null || true
cp LICENSE "$staging/$folder/LICENSE"
"$staging/$folder/xcconfig" completions bash > "$staging/$folder/completions/xcconfig.bash"
"$staging/$folder/xcconfig" completions zsh > "$staging/$folder/completions/_xcconfig"
"$staging/$folder/xcconfig" completions fish > "$staging/$folder/completions/xcconfig.fish"
tarball="$output/$folder.tar.gz"
tar -C "$staging" -czf "$tarball" "$folder"
checksum "$tarball"

# The artifact bundle (SE-0305): this platform's variant, next to the other platform's when
# OUTPUT already holds its bundle.
bundle="$staging/bundle/xcconfig.artifactbundle"
mkdir -p "$bundle"
if [ -f "$output/xcconfig.artifactbundle.zip" ]; then
    (cd "$staging/bundle" && unzip -q "$output/xcconfig.artifactbundle.zip")
    # A variant of another version is not kept.
    for old in "$bundle"/xcconfig-*; do
        case "$(basename "$old")" in xcconfig-"$version"-*) ;; *) rm -rf "$old" ;; esac
    done
fi
rm -rf "$bundle/$variant"
mkdir -p "$bundle/$variant/bin"
cp "$staging/$folder/xcconfig" "$bundle/$variant/bin/xcconfig"
cp LICENSE "$bundle/$variant/LICENSE"

variants=""
for directory in "$bundle"/xcconfig-"$version"-*; do
    name=$(basename "$directory")
    case "$name" in
        *-linux-x86_64) triples='"x86_64-unknown-linux-gnu"' ;;
        *-linux-aarch64) triples='"aarch64-unknown-linux-gnu"' ;;
        *-macos) triples='"arm64-apple-macosx", "x86_64-apple-macosx"' ;;
        *) echo "error: unknown variant $name in the bundle" >&2; exit 2 ;;
    esac
    [ -z "$variants" ] || variants="$variants,"
    variants="$variants
        {
          \"path\": \"$name/bin/xcconfig\",
          \"supportedTriples\": [$triples]
        }"
done
cat > "$bundle/info.json" <<JSON
{
  "schemaVersion": "1.0",
  "artifacts": {
    "xcconfig": {
      "version": "$version",
      "type": "executable",
      "variants": [$variants
      ]
    }
  }
}
JSON
rm -f "$output/xcconfig.artifactbundle.zip"
(cd "$staging/bundle" && zip -qry "$output/xcconfig.artifactbundle.zip" xcconfig.artifactbundle)
checksum "$output/xcconfig.artifactbundle.zip"

# The source tarball Homebrew builds from: HEAD without the formula, so that committing the
# rewritten formula does not change the tarball it names.
source_tarball="$output/xcconfig-$version-source.tar.gz"
if git rev-parse --git-dir >/dev/null 2>&1; then
    git archive --format=tar.gz --prefix="xcconfig-$version/" -o "$source_tarball" HEAD -- . ':(exclude)Formula'
    checksum "$source_tarball"
    sha=$(cut -d' ' -f1 "$source_tarball.sha256")
    sed -E -e "s|^(  url \"[^\"]*/releases/download/)[^/\"]+/xcconfig-[^\"]+-source\.tar\.gz\"|\1$version/xcconfig-$version-source.tar.gz\"|" \
        -e "s|^(  sha256 \")[0-9a-f]{64}\"|\1$sha\"|" Formula/xcconfig.rb > "$staging/xcconfig.rb"
    cat "$staging/xcconfig.rb" > Formula/xcconfig.rb
    echo "$source_tarball"
else
    echo "note: not a git checkout, so no source tarball and the formula is left as it is" >&2
fi

echo "$tarball"
echo "$output/xcconfig.artifactbundle.zip"
echo "binaryTarget checksum: $(cut -d' ' -f1 "$output/xcconfig.artifactbundle.zip.sha256")"
