#!/usr/bin/env bash
# Redraws examples/report/report.png: the reporter's HTML page for the reporter test's fixture
# suite (its test with a hostile name left out), a failing run and the judge's reasons unfolded,
# shot in headless Chromium. Run from the repository root after `npm run build`.
set -euo pipefail
out=$(mktemp -d)
REPORT_HTML="$out/report.html" node node_modules/vitest/vitest.mjs run --config test/reporter/fixtures/vitest/vitest.config.ts \
  --testNamePattern '^(?!.*hostile)' >/dev/null 2>&1 || true # the fixture's failing tests fail the run
# Unfold the first failing runs and the first judge's reasons.
sed -e '0,/<details class="failures">/s//<details class="failures" open>/' \
    -e '0,/<details class="verdicts">/s//<details class="verdicts" open>/' "$out/report.html" >"$out/shot.html"
chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=1280,1100 \
  --screenshot="$PWD/examples/report/report.png" "file://$out/shot.html" 2>/dev/null
rm -rf "$out"
