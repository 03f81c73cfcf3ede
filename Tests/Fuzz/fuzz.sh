#!/bin/sh
# Builds the libFuzzer target (Tests/Fuzz/FuzzTarget.swift) against the library sources with
# AddressSanitizer and runs it, seeded from ../shared/corpus and ../shared/conformance.
#
#   Tests/Fuzz/fuzz.sh [SECONDS] [extra libFuzzer flags]     (default 600 seconds)
#   Tests/Fuzz/fuzz.sh --build-only
#   Tests/Fuzz/fuzz.sh --replay FILE...                       (re-run saved inputs, e.g. crashes)
#   FUZZ_NO_BUILD=1 Tests/Fuzz/fuzz.sh 1800                   (run again without rebuilding)
#
# Work files go to $FUZZ_DIR (default /tmp/xcconfig-fuzz): build/, corpus/ (grows), crashes/.
# Linux only: the toolchain's libFuzzer (-sanitize=fuzzer) is not shipped for macOS.
set -eu
cd "$(dirname "$0")/../.."
ROOT=$(pwd)
WORK=${FUZZ_DIR:-/tmp/xcconfig-fuzz}
BUILD=$WORK/build
mkdir -p "$BUILD" "$WORK/corpus" "$WORK/crashes"
FLAGS="-O -g -parse-as-library -sanitize=fuzzer,address -enable-testing -swift-version 6 -package-name xcconfig"

build() {
    for module in XCConfigSyntax XCConfig XCConfigLint XCConfigLanguageServer XCConfigCLI; do
        # shellcheck disable=SC2046
        swiftc $FLAGS -wmo -c -module-name "$module" -I "$BUILD" \
            -emit-module -emit-module-path "$BUILD/$module.swiftmodule" \
            -o "$BUILD/$module.o" $(find "Sources/$module" -name '*.swift' | sort)
    done
    swiftc $FLAGS -I "$BUILD" Tests/Fuzz/FuzzTarget.swift "$BUILD"/XCConfigSyntax.o "$BUILD"/XCConfig.o \
        "$BUILD"/XCConfigLint.o "$BUILD"/XCConfigLanguageServer.o "$BUILD"/XCConfigCLI.o -o "$BUILD/xcconfig-fuzz"
}

seed() {
    # One seed per target byte (0 parse, 1 resolve, 2 lint, 3 expand, 4 explain) and input;
    # the language server (5) is seeded by lsp-session.seed, a scripted editor session.
    find ../shared/corpus ../shared/conformance Tests/Fuzz/Regressions -type f \
            \( -name '*.xcconfig' -o -name '*.plist' -o -name '*.entitlements' -o -name '*.input' \) 2>/dev/null |
        sort | awk '{ print NR "\t" $0 }' | while IFS="$(printf '\t')" read -r n file; do
        case "$file" in
            *.input) cp "$file" "$WORK/corpus/regression-$n"; continue ;;
            *.plist|*.entitlements) targets="3" ;;
            *) targets="0 1 2 4" ;;
        esac
        for t in $targets; do
            { printf "\\$(printf '%03o' "$t")"; head -c 8192 "$file"; } > "$WORK/corpus/seed-$t-$n"
        done
    done
    cp Tests/Fuzz/lsp-session.seed "$WORK/corpus/seed-lsp-1"
    # The walk (8): a file including another, links out of the tree and to a FIFO, a FIFO.
    printf '\010\000\000\000#include "a/f1.xcconfig"\n\000\001\001B = $(A) $(A)\n\001\000\000\n\003\002\001ab\n\002\003\000\n' > "$WORK/corpus/seed-walk-1"
    # Project files (6 pbxproj, 7 xcproj): the sample's and the small ones of ../shared/projects.
    find Samples ../shared/projects ../shared/xcodebuild \( -name project.pbxproj -o -name project.xcproj \) -size -16k 2>/dev/null |
        sort | awk '{ print NR "\t" $0 }' | while IFS="$(printf '\t')" read -r n file; do
        case "$file" in *.xcproj) t=7 ;; *) t=6 ;; esac
        { printf "\\$(printf '%03o' "$t")"; head -c 16384 "$file"; } > "$WORK/corpus/seed-project-$n"
    done
    for t in 3; do
        printf '\003<?xml version="1.0" encoding="UTF-8"?>\n<plist version="1.0">\n<dict>\n\t<key>CFBundleIdentifier</key>\n\t<string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>\n\t<key>CFBundleName</key>\n\t<string>${PRODUCT_NAME:upper}</string>\n\t<key>NSHumanReadableCopyright</key>\n\t<string>$(EMPTY)</string>\n\t<key>$(TeamIdentifierPrefix)x</key>\n\t<array><string>$(AppIdentifierPrefix)$(CFBundleIdentifier)</string><integer>1</integer><true/></array>\n</dict>\n</plist>\n' > "$WORK/corpus/seed-plist-1"
    done
}

case "${1:-}" in
    --build-only) build; exit 0 ;;
    --replay) shift; [ -n "${FUZZ_NO_BUILD:-}" ] || build; SWIFT_BACKTRACE=enable=no exec "$BUILD/xcconfig-fuzz" "$@" ;;
esac
SECONDS_TO_RUN=${1:-600}
[ $# -gt 0 ] && shift
[ -n "${FUZZ_NO_BUILD:-}" ] || build
seed
SWIFT_BACKTRACE=enable=no exec "$BUILD/xcconfig-fuzz" "$WORK/corpus" -max_total_time="$SECONDS_TO_RUN" -max_len=16384 \
    -timeout=10 -rss_limit_mb=4096 -artifact_prefix="$WORK/crashes/" -print_final_stats=1 "$@"
