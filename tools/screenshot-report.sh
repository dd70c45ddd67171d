#!/usr/bin/env bash
# Renders an HTML report in headless Chromium and saves a PNG: a check that the page (its inline
# SVG charts) renders offline. Network access is not needed and not used.
#
#   tools/screenshot-report.sh [report.html] [out.png] [WIDTHxHEIGHT]
#
# Defaults: target/bloomgate-demo.html (written by `mvn -q compile exec:java`), target/report.png,
# 1200x2400 (the whole demo page). Needs Chromium: `apt-get install -y chromium` on Debian
# (also found as chromium-browser or google-chrome). Exits 2 without it.
set -euo pipefail

html="${1:-target/bloomgate-demo.html}"
png="${2:-target/report.png}"
size="${3:-1200x2400}"

browser=""
for candidate in chromium chromium-browser google-chrome google-chrome-stable; do
  if command -v "$candidate" >/dev/null 2>&1; then
    browser="$candidate"
    break
  fi
done
if [[ -z "$browser" ]]; then
  echo "screenshot-report: no Chromium found (apt-get install -y chromium)" >&2
  exit 2
fi
if [[ ! -f "$html" ]]; then
  echo "screenshot-report: no such file: $html (run the demo first: mvn -q compile exec:java)" >&2
  exit 1
fi

profile="$(mktemp -d)"
trap 'rm -rf "$profile"' EXIT
mkdir -p "$(dirname "$png")"
# --no-sandbox: root in containers; the rest keeps a headless run quiet and off the network.
"$browser" --headless --no-sandbox --disable-gpu --disable-background-networking --disable-component-update \
  --disable-sync --no-first-run --hide-scrollbars --user-data-dir="$profile" \
  --screenshot="$(realpath -m "$png")" --window-size="${size/x/,}" "file://$(realpath "$html")" 2>/dev/null
echo "$png"
