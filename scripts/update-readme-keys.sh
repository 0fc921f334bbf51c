#!/usr/bin/env bash
# Writes README.md's tables of content keys, between <!-- content-keys:begin --> and
# <!-- content-keys:end -->, from the model's key table (`vitrine schema --markdown`).
# Run it after adding or changing a key; Tests/CatalogAPITests/ContentKeyTablesTests.swift fails
# until the README matches. Review the diff before committing.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
swift build --product vitrine >&2
binary="$(swift build --show-bin-path)/vitrine"
tables="$(mktemp)"
trap 'rm -f "$tables" README.md.keys-tmp' EXIT
"$binary" schema --markdown >"$tables"
awk -v tables="$tables" '
  $0 == "<!-- content-keys:begin -->" {
    print; print ""
    while ((getline line < tables) > 0) print line
    skipping = 1; begun = 1; next
  }
  $0 == "<!-- content-keys:end -->" { if (skipping) print ""; skipping = 0; ended = 1 }
  !skipping { print }
  END { if (!begun || !ended) { print "README.md: the content-keys markers are missing, each on a line of its own" > "/dev/stderr"; exit 1 } }
' README.md >README.md.keys-tmp
mv README.md.keys-tmp README.md
echo "README.md: content keys written from the model's key table"
