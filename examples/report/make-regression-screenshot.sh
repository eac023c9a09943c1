#!/usr/bin/env bash
# Redraws examples/report/regression.png: the reporter's HTML page comparing a run with a baseline.
# The baseline suite's agent version 1 writes the results file, then version 2 (booking worse, one
# behaviour better, one within noise, a test added and one dropped) runs against it, as a pull
# request would in the workflow of docs/sampling.md; shot in headless Chromium. Run from the
# repository root after `npm run build`.
set -euo pipefail
if [ -e baseline ]; then echo "baseline/ exists here; move it away first" >&2; exit 1; fi
out=$(mktemp -d)
trap 'rm -rf "$out" baseline' EXIT
config=test/reporter/fixtures/baseline/vitest.config.ts
# The baseline sits where the documented workflow downloads it, so the page names it the same way.
AGENT_VERSION=1 REPORT_RESULTS=baseline/tool-call-accuracy-results.json node node_modules/vitest/vitest.mjs run --config "$config" >/dev/null
AGENT_VERSION=2 TOOL_CALL_ACCURACY_BASELINE=baseline/tool-call-accuracy-results.json REPORT_HTML="$out/report.html" \
  node node_modules/vitest/vitest.mjs run --config "$config" >/dev/null
chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=1280,930 \
  --screenshot="$PWD/examples/report/regression.png" "file://$out/report.html" 2>/dev/null
