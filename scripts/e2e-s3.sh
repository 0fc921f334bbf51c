#!/usr/bin/env bash
# End-to-end check of `vitrine deploy s3://…` against moto's S3 on 127.0.0.1, with moto checking
# every request's signature: the sample shop built, deployed, changed, rebuilt and deployed again,
# the bucket read back with boto3 after each step (scripts/e2e/s3_deploy_check.py says what is
# checked). Installs PyPI's moto[server] (which brings boto3) when it is missing. Nothing leaves
# the machine.
# usage: scripts/e2e-s3.sh   (VITRINE_BIN=… skips the build; KEEP_WORK=1 keeps the work folder)
# Prints "s3: N passed, M failed" last; exits non-zero on any failure.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! python3 -c "import moto.server, boto3, flask, flask_cors" 2>/dev/null; then
  python3 -m pip install --quiet --disable-pip-version-check 'moto[server]' 2>&1 | grep -v "as the 'root' user" >&2 || true
fi
python3 -c "import moto.server, boto3"

if [ -n "${VITRINE_BIN:-}" ]; then
  bin="$VITRINE_BIN"
else
  swift build --product vitrine >&2
  bin="$(swift build --show-bin-path)/vitrine"
fi
work="$(mktemp -d)"
cleanup() {
  if [ "${KEEP_WORK:-0}" = 1 ]; then echo "work files kept in $work" >&2; else rm -rf "$work"; fi
}
trap cleanup EXIT

timeout 1200 python3 scripts/e2e/s3_deploy_check.py --bin "$bin" --content Content --templates Templates \
  --work "$work" --clock 2026-12-01T00:00:00Z
