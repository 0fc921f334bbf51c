#!/usr/bin/env bash
# End-to-end check of `vitrine deploy` to an SSH target: a real sshd and a real nginx started on
# free ports of 127.0.0.1 (keys, configuration and logs in a temporary folder), rsync over that
# ssh, the sample shop built, edited and deployed again and again while nginx serves BASE/current
# (scripts/e2e/ssh_deploy_check.py lists the checks: full site equality, unchanged and small
# deploys, no failed or mixed request during a deploy, rollback, --keep, --dry-run,
# --max-deletes, a local folder target). Nothing leaves the machine.
# usage: scripts/e2e-deploy.sh   (VITRINE_BIN=… skips the build; KEEP_WORK=1 keeps the work folder)
# Prints "deploy: N passed, M failed" last; exits non-zero on any failure.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-deps.sh openssh-server openssh-client rsync nginx

if [ -n "${VITRINE_BIN:-}" ]; then
  bin="$VITRINE_BIN"
else
  swift build --product vitrine >&2
  bin="$(swift build --show-bin-path)/vitrine"
fi
# The sample shop's photos are derived once for all the builds (scripts/test.sh sets the same).
export VITRINE_PICTURE_CACHE="${VITRINE_PICTURE_CACHE:-$PWD/.build/picture-cache}"
work="$(mktemp -d)"
cleanup() {
  if [ "${KEEP_WORK:-0}" = 1 ]; then echo "work files kept in $work" >&2; else rm -rf "$work"; fi
}
trap cleanup EXIT

timeout 900 python3 scripts/e2e/ssh_deploy_check.py --bin "$bin" --content Content --templates "$PWD/Templates" \
  --work "$work" --clock "2026-12-01T00:00:00Z"
