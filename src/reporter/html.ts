import { percent } from '../format/sample.js';
import { BASELINE_COLUMNS, cells, COLUMNS, comparisonCells, describeKey, headline, sortRows, summarize, type BaselineSummary, type ReportRow } from './rows.js';
import { describeCost, totalCost } from './usage.js';
import type { RecordingsReport } from './recordings.js';
import { pathToFileURL } from 'node:url';
import type { CalibrationReport } from '../calibration/calibrate.js';
import { describeDisagreement, describeKappa, describeRate } from '../format/calibration.js';

/**
 * The report as one self-contained HTML page (inline CSS, no script, no network): a row per assertion
 * with its pass-rate bar, and under it the failing runs' messages and the judge's verdicts, folded.
 */
export function formatHtml(rows: readonly ReportRow[], generatedAt = new Date(), baseline?: BaselineSummary, recordings?: RecordingsReport, calibrations: readonly CalibrationReport[] = []): string {
  const { failing, flaky } = summarize(rows, baseline);
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
${rows.length === 0 ? `<p class="summary">No sampled or judged assertion ran. Generated ${escape(generatedAt.toISOString())}.</p>
` : `<p class="summary">${rows.length} sampled or judged assertion${rows.length === 1 ? '' : 's'}: <b>${failing}</b> failing, <b>${flaky}</b> flaky. Generated ${escape(generatedAt.toISOString())}.<br>
The bar is the pass rate; the black line across it, its 95% Wilson interval; the blue mark, the rate the gate requires${baseline ? '; the orange mark, the baseline\'s rate. The change is this rate minus the baseline\'s in percentage points, with its 95% interval (Newcombe\'s hybrid score): regressed or improved only when the interval is wholly below or above 0. Regressions come first' : ''}.${cost === undefined ? '' : `<br>\n<span class="usage">${escape(describeCost(cost))}</span>`}</p>
${compared}<table>
<thead><tr>${titles.map((title) => `<th>${escape(title)}</th>`).join('')}</tr></thead>
<tbody>
${sortRows(rows).map((row) => formatRow(row, baseline)).join('\n')}
</tbody>
</table>
`}${formatRemoved(baseline)}${formatRecordings(recordings, rows)}${calibrations.map(formatCalibration).join('')}</body>
</html>
`;
}

/** The recordings' part of the run, under the table: a row per test, the recordings written over or added to, the stale files. */
function formatRecordings(recordings: RecordingsReport | undefined, rows: readonly ReportRow[]): string {
  if (recordings === undefined) return '';
  const [summary] = recordings.text.split('\n');
  const toolsShown = recordings.tests.some((test) => test.tools !== undefined);
  const counts = (use: { replayed: number; recorded: number; live: number } | undefined) =>
    use === undefined ? '<td class="count" colspan="3">none</td>' : `<td class="count">${use.replayed}</td><td class="count">${use.recorded}</td><td class="count">${use.live}</td>`;
  const judged = (test: RecordingsReport['tests'][number]) => {
    const cost = totalCost(rows.filter((row) => row.test === test.test && row.file === test.testFile));
    return cost === undefined ? '' : escape(describeCost(cost).replace(/^Judge usage: /, ''));
  };
  const testRows = recordings.tests
    .map((test) => `<tr class="recording-test">
<td class="test">${escape(test.test === '' ? '(outside a test)' : test.test)}<div class="file">${escape(test.testFile)}</div></td>
${counts(test)}${toolsShown ? counts(test.tools) : ''}
<td class="judge">${judged(test)}</td>
<td class="files">${test.files.map((file) => `<code>${escape(file)}</code>`).join('<br>')}</td>
</tr>`)
    .join('\n');
  const table = recordings.tests.length === 0 ? '' : `<table class="recordings-tests">
<thead><tr><th rowspan="2">Test</th><th colspan="3">Model steps</th>${toolsShown ? '<th colspan="3">Tool calls</th>' : ''}<th rowspan="2">Judge usage</th><th rowspan="2">Recording files</th></tr>
<tr>${'<th>replayed</th><th>recorded</th><th>live</th>'.repeat(toolsShown ? 2 : 1)}</tr></thead>
<tbody>
${testRows}
</tbody>
</table>
`;
  const rewrites = recordings.rewrites.length === 0 ? '' : `<h3>Recordings written over or added to (${recordings.rewrites.length})</h3>
<ul class="rewrites">
${recordings.rewrites
  .map((rewrite) => {
    const badge = rewrite.added > 0 ? `<span class="badge added">${rewrite.added} new step${rewrite.added === 1 ? '' : 's'}</span>` : rewrite.callsChanged ? '<span class="badge failed">tool calls changed</span>' : '<span class="badge">tool calls the same</span>';
    const [head, ...calls] = rewrite.lines;
    return `<li data-calls-changed="${rewrite.callsChanged}">${escape(rewrite.testFile)} &gt; ${escape(rewrite.test)} (<code>${escape(rewrite.file)}</code>) ${badge}${head ? ` ${escape(head)}` : ''}${calls.length > 0 ? `<pre>${escape(calls.join('\n'))}</pre>` : ''}</li>`;
  })
  .join('\n')}
</ul>
`;
  const stale = recordings.stale.length > 0
    ? `<h3>Stale recordings (${recordings.stale.length}): no test of this full run used them</h3>
<ul class="stale">${recordings.stale.map((file) => `<li><code>${escape(file)}</code></li>`).join('')}</ul>
<p>Remove ${recordings.stale.length === 1 ? 'it' : 'them'}, then commit:</p><pre>${escape(recordings.remove ?? '')}</pre>
`
    : recordings.notLookedFor === undefined ? '' : `<p class="summary">Stale recordings are not looked for: ${escape(recordings.notLookedFor)}.</p>\n`;
  return `<section class="recordings">\n<h2>Recordings</h2>\n<p class="summary">${escape(summary!.replace(/^tool-call-accuracy recordings: /, ''))}</p>\n${table}${rewrites}${stale}</section>\n`;
}

function formatRow(row: ReportRow, baseline: BaselineSummary | undefined): string {
  const [test, assertion, passed, , interval, status] = cells(row);
  const details = formatDetails(row);
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
</tr>${details ? `\n<tr class="runs"><td colspan="${baseline ? 8 : 6}">${details}</td></tr>` : ''}`;
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
        // A trajectory verdict's rows are steps: sound (necessary and in order) or not, its reasoning saying which.
        const trajectory = verdict.kind === 'trajectory';
        const mark = (ok: boolean) => (trajectory ? (ok ? 'sound' : 'flawed') : ok ? 'appropriate' : 'inappropriate');
        const evaluations = verdict.evaluations
          .map((evaluation) => `<li class="${evaluation.wasAppropriate ? 'ok' : 'bad'}"><code>${escape(evaluation.toolCalled)}</code> ${mark(evaluation.wasAppropriate)}: ${escape(evaluation.reasoning)}</li>`)
          .join('');
        const missing = verdict.missingTools.length > 0 ? `<p>Missing ${trajectory ? 'steps' : 'tools'}: ${verdict.missingTools.map((tool) => `<code>${escape(tool)}</code>`).join(', ')}</p>` : '';
        const criteria = (verdict.criteria ?? [])
          .map((answer) => `<li class="${answer.answer === 'yes' ? 'ok' : 'bad'}">${escape(answer.criterion)}: ${answer.answer}, ${escape(answer.rationale)}</li>`)
          .join('');
        return `<div class="verdict ${verdict.passed ? 'ok' : 'bad'}"><h4>Run ${verdict.run}: score ${verdict.score} (threshold ${verdict.threshold}), ${escape(verdict.model)}${verdict.votes === undefined ? '' : `, ${verdict.votes} votes, agreement ${percent(verdict.agreement ?? 1)}`}</h4><p>${escape(verdict.reason)}</p>${evaluations ? `<ul>${evaluations}</ul>` : '<p>No tool calls.</p>'}${missing}${criteria ? `<p>Criteria:</p><ul>${criteria}</ul>` : ''}</div>`;
      })
      .join('\n');
    parts.push(`<details class="verdicts"><summary>judge's reasons (${row.verdicts.length} run${row.verdicts.length === 1 ? '' : 's'})</summary>\n${verdicts}</details>`);
  }
  return parts.join('\n');
}

/** The calibration panel; the votes' agreement is labelled as stability (the judge agreeing with itself), not validity. */
function formatCalibration(report: CalibrationReport): string {
  const levels = report.levels.filter((level) => level.stats.n > 0);
  const sections = levels.map((level) => {
    const { bothPass, humanPassJudgeFail, humanFailJudgePass, bothFail } = level.stats.confusion;
    const metrics: Array<[string, string]> = [
      ["Cohen's κ", describeKappa(level.stats.kappa)],
      ['TPR (of your passes, the judge passes)', describeRate(level.stats.tpr, 'you labelled no pass')],
      ['TNR (of your fails, the judge fails)', describeRate(level.stats.tnr, 'you labelled no fail')],
      ["Precision of the judge's fail", describeRate(level.stats.failPrecision, 'the judge said no fail')],
      ['Agreement', describeRate(level.stats.agreement, 'nothing labelled')],
    ];
    if (level.correctedPassRate !== undefined) metrics.push(['Judge-corrected pass rate (Rogan–Gladen)', percent(level.correctedPassRate)]);
    const groups = level.groups.length === 0 ? '' : `<table class="calibration-groups"><thead><tr><th>${level.level === 'criterion' ? 'Criterion' : level.level === 'step' ? 'Step' : 'Tool'}</th><th>n</th><th>κ</th><th>TPR</th><th>TNR</th></tr></thead><tbody>${level.groups
      .map((group) => `<tr><td>${escape(group.group)}</td><td>${group.stats.n}</td><td>${escape(describeKappa(group.stats.kappa))}</td><td>${escape(describeRate(group.stats.tpr, 'no pass'))}</td><td>${escape(describeRate(group.stats.tnr, 'no fail'))}</td></tr>`)
      .join('')}</tbody></table>`;
    return `<section class="calibration-level" data-level="${escape(level.level)}"><h3>${escape(level.level)} level: ${level.stats.n} labelled decision${level.stats.n === 1 ? '' : 's'}${level.stats.n < 20 ? ' (fewer than 20: rough)' : ''}</h3>
<table class="confusion"><thead><tr><th></th><th>judge pass</th><th>judge fail</th></tr></thead><tbody><tr><th>you pass</th><td>${bothPass}</td><td>${humanPassJudgeFail}</td></tr><tr><th>you fail</th><td>${humanFailJudgePass}</td><td>${bothFail}</td></tr></tbody></table>
<dl class="metrics">${metrics.map(([name, value]) => `<dt>${escape(name)}</dt><dd>${escape(value)}</dd>`).join('')}</dl>${groups}</section>`;
  });
  const disagreements = report.disagreements.length === 0 ? '' : `<details class="disagreements"><summary>${report.disagreements.length} disagreement${report.disagreements.length === 1 ? '' : 's'}</summary><ul>${report.disagreements
    .map((item) => `<li><a href="${escape(pathToFileURL(item.verdictFile).href)}">${escape(item.verdictFile.split(/[\\/]/).pop() ?? item.verdictFile)}</a> ${escape(describeDisagreement({ ...item, verdictFile: '' }).trim())}</li>`)
    .join('')}</ul></details>`;
  const buckets = [
    ['100%', (share: number) => share === 1],
    ['80–99%', (share: number) => share >= 0.8 && share < 1],
    ['60–79%', (share: number) => share >= 0.6 && share < 0.8],
    ['below 60%', (share: number) => share < 0.6],
  ] as const;
  const stability = report.voteAgreements.length === 0 ? '' : `<p class="stability">Vote agreement, how <em>stable</em> the judge is (it agreeing with itself), not whether it is right: ${buckets
    .map(([name, test]) => `${escape(name)}: ${report.voteAgreements.filter(test).length}`)
    .join(', ')} of ${report.voteAgreements.length} voted verdicts.</p>`;
  return `<h2 class="calibration">Judge calibration</h2>
<p class="summary">${report.labelledVerdicts} of ${report.verdicts} verdicts in <code>${escape(report.dir)}</code> labelled in <code>${escape(report.labelsFile)}</code>.${report.orphans.length > 0 ? ` ${report.orphans.length} label${report.orphans.length === 1 ? '' : 's'} match no verdict (npx tool-call-accuracy calibrate lists them).` : ''}</p>
${sections.join('\n')}${disagreements}${stability}
`;
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
/* Long paths and assertions wrap anywhere rather than widen the table past the window. */
td.test { min-width: 180px; }
.file, td.matcher code { overflow-wrap: anywhere; }
.difference { white-space: nowrap; font-size: 12px; color: #59636e; margin-top: 2px; }
.badge.change-regressed { background: #ffebe9; color: #a40e26; font-weight: 600; }
.badge.change-improved { background: #dafbe1; color: #116329; }
.badge.change-unchanged { background: #eaeef2; color: #424a53; }
.badge.change-new { background: #ddf4ff; color: #0550ae; }
tr[data-change="regressed"] td.test { box-shadow: inset 3px 0 #cf222e; }
.pct { margin-left: 8px; font-variant-numeric: tabular-nums; }
.passes, .interval { font-variant-numeric: tabular-nums; white-space: nowrap; }
.badge { padding: 1px 8px; border-radius: 10px; font-size: 12px; white-space: nowrap; background: #dafbe1; color: #116329; }
.badge.added { background: #ddf4ff; color: #0550ae; }
.recordings-tests td.count { font-variant-numeric: tabular-nums; text-align: right; }
.recordings-tests td.judge { font-size: 12px; color: #59636e; }
.badge.flaky { background: #fff8c5; color: #7d4e00; }
.badge.below, .badge.failing, .badge.failed { background: #ffebe9; color: #a40e26; }
details { margin: 4px 0; }
summary { cursor: pointer; color: #0969da; }
pre { background: #f6f8fa; padding: 8px; overflow-x: auto; white-space: pre; font: 12px/1.45 ui-monospace, SFMono-Regular, Menlo, monospace; }
.run h4, .verdict h4 { margin: 8px 0 2px; font-size: 13px; }
.verdict.bad h4 { color: #a40e26; }
li.bad { color: #a40e26; }
`;
