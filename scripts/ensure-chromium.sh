#!/usr/bin/env bash
# Installs Debian's Chromium when no browser is found, so diagrams render on a fresh machine (puppeteer never downloads one).
set -euo pipefail
browser="${PATHWAYKIT_CHROMIUM:-${PUPPETEER_EXECUTABLE_PATH:-/usr/bin/chromium}}"
if [ -x "$browser" ]; then
  exit 0
fi
if [ "$(id -u)" != "0" ] || ! command -v apt-get >/dev/null 2>&1; then
  echo "pathwaykit: no Chromium at $browser; install it (Debian/Ubuntu: sudo apt-get install -y chromium) or set PATHWAYKIT_CHROMIUM to a browser." >&2
  exit 0
fi
echo "pathwaykit: installing Debian's chromium for diagram rendering..." >&2
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
