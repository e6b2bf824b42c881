#!/usr/bin/env bash
# clang-format check of our C++ sources (.clang-format at the top): lists every file that is not
# formatted and fails if there is one. `bash ci/format-check.sh --fix` formats them in place.
set -euo pipefail
cd "$(dirname "$0")/.."
mapfile -t files < <(find app include systemc topologies testbenches \( -name '*.cpp' -o -name '*.hpp' \) | sort)
if [ "${1:-}" = "--fix" ]; then
    clang-format -i "${files[@]}"
    exit 0
fi
bad=0
for f in "${files[@]}"; do
    if ! clang-format --dry-run -Werror "$f" >/dev/null 2>&1; then
        echo "not formatted: $f (bash ci/format-check.sh --fix)"
        bad=1
    fi
done
exit $bad
