import { percent } from '../format/sample.js';
import { BASELINE_COLUMNS, cells, COLUMNS, comparisonCells, describeKey, headline, sortRows, type BaselineSummary, type ReportRow } from './rows.js';
import { describeCost, totalCost } from './usage.js';

/**
 * The report as one self-contained HTML page: inline CSS, no script, no network. A row per
 * assertion with a pass-rate bar (its 95% interval drawn across it, the gate as a marker), and
 * under it the failing runs' messages and the judge's verdicts, folded in `<details>`.
 */
export function formatHtml(rows: readonly ReportRow[], generatedAt = new Date(), baseline?: BaselineSummary, recordings?: string): string {
  const sorted = sortRows(rows);
  const failing = rows.filter((row) => !row.passed).length;
  const flaky = rows.filter((row) => row.status === 'flaky').length;
  const titles = [...COLUMNS.map((title, column) => (column === 3 ? 'Pass rate' : title)), ...(baseline ? [BASELINE_COLUMNS[0], 'Change'] : [])];
  const compared = baseline ? `<p class="summary baseline-summary">Against the baseline <code>${escape(baseline.file)}</code> (${escape(baseline.generatedAt)}): ${escape(headline(rows, baseline).replace(/^.*: /, ''))}.</p>` : '';
  const cost = totalCost(rows);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>tool-call-accuracy report</title>
<style>${STYLE}</style>
</head>
<body>
<h1>tool-call-accuracy</h1>
<p class="summary">${rows.length} sampled or judged assertion${rows.length === 1 ? '' : 's'}: <b>${failing}</b> failing, <b>${flaky}</b> flaky. Generated ${escape(generatedAt.toISOString())}.<br>
The bar is the pass rate; the black line across it, its 95% Wilson interval; the blue mark, the rate the gate requires${baseline ? '; the orange mark, the baseline\'s rate. The change is this rate minus the baseline\'s in percentage points, with its 95% interval (Newcombe\'s hybrid score): regressed or improved only when the interval is wholly below or above 0. Regressions come first' : ''}.${cost === undefined ? '' : `<br>\n<span class="usage">${escape(describeCost(cost))}</span>`}</p>
${compared}<table>
<thead><tr>${titles.map((title) => `<th>${escape(title)}</th>`).join('')}</tr></thead>
<tbody>
${sorted.map((row) => formatRow(row, baseline)).join('\n')}
</tbody>
</table>
${formatRemoved(baseline)}${formatRecordings(recordings)}</body>
</html>
`;
}

/**
 * The recordings' part of the run, as the console reporters print it (steps replayed, recorded and
 * live; files written over, with whether the agent's tool calls changed; stale files), under the
 * table and its judge usage line.
 */
function formatRecordings(recordings: string | undefined): string {
  if (recordings === undefined) return '';
  return `<section class="recordings">\n<h2>Recordings</h2>\n<pre>${escape(recordings)}</pre>\n</section>\n`;
}

function formatRow(row: ReportRow, baseline: BaselineSummary | undefined): string {
  const [test, assertion, passed, , interval, status] = cells(row);
  const details = formatDetails(row);
  const columns = baseline ? 8 : 6;
  const [before, change] = comparisonCells(row.comparison);
  const [word, numbers] = change.split(': ');
  const compared = baseline
    ? `\n<td class="baseline-rate">${escape(before)}</td>\n<td class="change"><span class="badge change-${row.comparison?.change ?? 'new'}">${escape(word!)}</span>${numbers ? `<div class="difference">${escape(numbers)}</div>` : ''}</td>`
    : '';
  return `<tr class="assertion" data-status="${row.status}" data-passed="${row.passed}"${baseline ? ` data-change="${row.comparison?.change ?? 'new'}"` : ''}>
<td class="test" title="${escape(row.file)}">${escape(test!)}<div class="file">${escape(row.file)}</div></td>
<td class="matcher"><code>${escape(assertion!)}</code>${row.rule ? `<div class="rule">needs ${escape(row.rule)}</div>` : ''}</td>
<td class="passes">${escape(passed!)}</td>
<td class="rate">${formatBar(row)}</td>
<td class="interval">${escape(interval!)}</td>
<td class="status"><span class="badge ${row.status}${row.passed ? '' : ' below'}">${escape(status!)}</span></td>${compared}
</tr>${details ? `\n<tr class="runs"><td colspan="${columns}">${details}</td></tr>` : ''}`;
}

function formatRemoved(baseline: BaselineSummary | undefined): string {
  if (!baseline || baseline.removed.length === 0) return '';
  const items = baseline.removed.map((entry) => `<li><code>${escape(describeKey(entry.key))}</code>: was ${escape(percent(entry.rate))} (${entry.passes}/${entry.n})</li>`).join('\n');
  return `<h2>Removed since the baseline (${baseline.removed.length})</h2>\n<ul class="removed">\n${items}\n</ul>\n`;
}

function formatBar(row: ReportRow): string {
  const width = (value: number) => `${(value * 100).toFixed(2)}%`;
  const marker = row.minPassRate === undefined ? '' : `<span class="gate" style="left:${width(row.minPassRate)}" title="gate ${row.minPassRate}"></span>`;
  // One judged run has no interval worth drawing.
  const interval = row.rule === undefined ? '' : `<span class="ci" style="left:${width(row.interval.low)};width:${width(row.interval.high - row.interval.low)}"></span>`;
  const before = row.comparison?.baseline;
  const baseline = before ? `<span class="baseline" style="left:${width(before.rate)}" title="baseline ${percent(before.rate)}"></span>` : '';
  const label = `pass rate ${percent(row.rate)}, 95% interval ${percent(row.interval.low)} to ${percent(row.interval.high)}${before ? `, baseline ${percent(before.rate)}` : ''}`;
  return `<div class="bar" role="img" aria-label="${label}">` +
    `<span class="fill" style="width:${width(row.rate)}"></span>${interval}${marker}${baseline}</div>` +
    `<span class="pct">${percent(row.rate)}</span>`;
}

function formatDetails(row: ReportRow): string {
  const parts: string[] = [];
  if (row.failures.length > 0) {
    const runs = row.failures.map((failure) => `<div class="run"><h4>Run ${failure.run} of ${row.n}</h4><pre>${escape(failure.text)}</pre></div>`).join('\n');
    const more = row.failuresLeftOut > 0 ? `<p class="more">… and ${row.failuresLeftOut} more failing runs.</p>` : '';
    const count = row.failures.length + row.failuresLeftOut;
    parts.push(`<details class="failures"><summary>${count} failing run${count === 1 ? '' : 's'}</summary>\n${runs}${more}</details>`);
  }
  if (row.verdicts.length > 0) {
    const verdicts = row.verdicts
      .map((verdict) => {
        const evaluations = verdict.evaluations
          .map((evaluation) => `<li class="${evaluation.wasAppropriate ? 'ok' : 'bad'}"><code>${escape(evaluation.toolCalled)}</code> ${evaluation.wasAppropriate ? 'appropriate' : 'inappropriate'}: ${escape(evaluation.reasoning)}</li>`)
          .join('');
        const missing = verdict.missingTools.length > 0 ? `<p>Missing tools: ${verdict.missingTools.map((tool) => `<code>${escape(tool)}</code>`).join(', ')}</p>` : '';
        return `<div class="verdict ${verdict.passed ? 'ok' : 'bad'}"><h4>Run ${verdict.run}: score ${verdict.score} (threshold ${verdict.threshold}), ${escape(verdict.model)}${verdict.votes === undefined ? '' : `, ${verdict.votes} votes, agreement ${percent(verdict.agreement ?? 1)}`}</h4><p>${escape(verdict.reason)}</p>${evaluations ? `<ul>${evaluations}</ul>` : '<p>No tool calls.</p>'}${missing}</div>`;
      })
      .join('\n');
    parts.push(`<details class="verdicts"><summary>judge's reasons (${row.verdicts.length} run${row.verdicts.length === 1 ? '' : 's'})</summary>\n${verdicts}</details>`);
  }
  return parts.join('\n');
}

/** Text from the user's suite (test names, tool names, inputs, the judge's words) is never markup. */
export function escape(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

const STYLE = `
:root { color-scheme: light; font: 14px/1.4 system-ui, -apple-system, "Segoe UI", sans-serif; color: #1f2328; }
body { margin: 24px; }
h1 { font-size: 20px; margin: 0 0 4px; }
.summary { color: #59636e; margin: 0 0 16px; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: 6px 10px; border-bottom: 1px solid #d1d9e0; vertical-align: top; }
th { font-weight: 600; background: #f6f8fa; }
tr.runs td { background: #fbfcfd; border-bottom: 1px solid #d1d9e0; }
.file, .rule { color: #59636e; font-size: 12px; }
code { font: 12px ui-monospace, SFMono-Regular, Menlo, monospace; }
.bar { position: relative; display: inline-block; vertical-align: middle; width: 160px; height: 12px; background: #eaeef2; border-radius: 3px; overflow: visible; }
.bar .fill { position: absolute; left: 0; top: 0; bottom: 0; background: #4c9a6a; border-radius: 3px; }
tr[data-status="flaky"] .bar .fill { background: #d4a72c; }
tr[data-passed="false"] .bar .fill { background: #cf222e; }
.bar .ci { position: absolute; top: 5px; height: 2px; background: #1f2328; }
.bar .gate { position: absolute; top: -3px; bottom: -3px; width: 2px; background: #0969da; }
.bar .baseline { position: absolute; top: -5px; bottom: -5px; width: 0; border-left: 3px solid #d1570f; margin-left: -1.5px; }
.rate { white-space: nowrap; }
h2 { font-size: 16px; margin: 20px 0 6px; }
.baseline-rate, .change { font-variant-numeric: tabular-nums; }
.difference { white-space: nowrap; }
/* Long paths and assertions wrap anywhere rather than widen the table past the window. */
td.test { min-width: 180px; }
.file, td.matcher code { overflow-wrap: anywhere; }
.difference { font-size: 12px; color: #59636e; margin-top: 2px; }
.badge.change-regressed { background: #ffebe9; color: #a40e26; font-weight: 600; }
.badge.change-improved { background: #dafbe1; color: #116329; }
.badge.change-unchanged { background: #eaeef2; color: #424a53; }
.badge.change-new { background: #ddf4ff; color: #0550ae; }
tr[data-change="regressed"] td.test { box-shadow: inset 3px 0 #cf222e; }
.pct { margin-left: 8px; font-variant-numeric: tabular-nums; }
.passes, .interval { font-variant-numeric: tabular-nums; white-space: nowrap; }
.badge { padding: 1px 8px; border-radius: 10px; font-size: 12px; white-space: nowrap; background: #dafbe1; color: #116329; }
.badge.flaky { background: #fff8c5; color: #7d4e00; }
.badge.below, .badge.failing, .badge.failed { background: #ffebe9; color: #a40e26; }
details { margin: 4px 0; }
summary { cursor: pointer; color: #0969da; }
pre { background: #f6f8fa; padding: 8px; overflow-x: auto; white-space: pre; font: 12px/1.45 ui-monospace, SFMono-Regular, Menlo, monospace; }
.run h4, .verdict h4 { margin: 8px 0 2px; font-size: 13px; }
.verdict.bad h4 { color: #a40e26; }
li.bad { color: #a40e26; }
`;
