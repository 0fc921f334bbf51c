#!/usr/bin/env bash
# Installs the Debian packages Vitrine needs, only those that are missing.
# usage: scripts/install-deps.sh [extra-package …]
set -euo pipefail
packages=(libcmark-gfm-dev libcmark-gfm-extensions-dev libxml2-dev libxml2-utils pkg-config zlib1g-dev libvips-dev libmimalloc-dev libarchive-dev libsqlite3-dev rsync "$@")
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "Installing Debian packages: ${missing[*]}" >&2
  sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
