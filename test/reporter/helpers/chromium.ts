import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';

/** What a real browser sees of the report page, gathered by a script run inside it. */
export interface PageChecks {
  rows: Array<{
    status: string;
    passed: string;
    test: string;
    barWidth: number;
    fillWidth: number;
    ciLeft: number | null;
    ciWidth: number | null;
    hasGate: boolean;
    /** Against a baseline: where its mark is drawn (from the bar's left, to the mark's centre), and the change column's text. */
    baselineAt: number | null;
    change: string | null;
  }>;
  /** The removed assertions listed under the table. */
  removed: string[];
  /** How far the table reaches past the window (0: it fits). */
  overflow: number;
  details: number;
  /** Whether the first failing run's <pre> is shown, folded and after a click on its summary; its height then. */
  foldedVisible: boolean;
  unfoldedVisible: boolean;
  unfoldedHeight: number;
  unfoldedText: string;
  /** Markup from a test name that became elements (must be 0). */
  injectedElements: number;
  /** Resources the page loaded (must be 0: the page is self-contained). */
  resources: number;
  scripts: number;
}

// Runs in the page: measures the rows' bars, then clicks the first failing run's summary.
const PROBE = `<script>
(() => {
  const rect = (element) => element ? element.getBoundingClientRect() : null;
  const rows = [...document.querySelectorAll('tr.assertion')].map((row) => {
    const bar = rect(row.querySelector('.bar')), fill = rect(row.querySelector('.bar .fill')), ci = rect(row.querySelector('.bar .ci')), base = rect(row.querySelector('.bar .baseline'));
    const change = row.querySelector('td.change');
    return { status: row.dataset.status, passed: row.dataset.passed, test: row.querySelector('td.test').firstChild.textContent,
      barWidth: bar.width, fillWidth: fill.width, ciLeft: ci && ci.left - bar.left, ciWidth: ci && ci.width, hasGate: !!row.querySelector('.bar .gate'),
      baselineAt: base && base.left + base.width / 2 - bar.left, change: change && change.innerText.replace(/\\s+/g, ' ').trim() };
  });
  const details = document.querySelector('details.failures');
  const pre = details.querySelector('pre');
  // A closed <details> keeps its content laid out but hidden (content-visibility), so ask whether it is visible.
  const foldedVisible = pre.checkVisibility();
  details.querySelector('summary').click();
  const checks = { rows, details: document.querySelectorAll('details').length, foldedVisible, unfoldedVisible: pre.checkVisibility(), unfoldedHeight: rect(pre).height, unfoldedText: pre.innerText,
    injectedElements: document.querySelectorAll('td.test b').length, resources: performance.getEntriesByType('resource').length,
    scripts: document.scripts.length - 1, removed: [...document.querySelectorAll('ul.removed li')].map((item) => item.textContent),
    overflow: Math.max(0, document.querySelector('table').getBoundingClientRect().right - document.documentElement.clientWidth) };
  const out = document.createElement('output');
  out.id = 'checks';
  out.textContent = btoa(unescape(encodeURIComponent(JSON.stringify(checks))));
  document.body.append(out);
})();
</script>`;

function chromium(args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile('chromium', ['--headless', '--no-sandbox', '--disable-gpu', '--hide-scrollbars', ...args], { maxBuffer: 64 * 1024 * 1024, timeout: 60_000 }, (error, stdout, stderr) => {
      if (error) {
        const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
        reject(new Error(missing ? "chromium is not installed: `apt-get install -y chromium` (.ci/run installs it when missing)." : `chromium failed: ${error.message}\n${stderr}`));
      } else resolve(stdout);
    });
  });
}

/** Loads the page (with the probe appended) in headless Chromium and returns what the probe measured. */
export async function checkInChromium(html: string, probeFile: string): Promise<PageChecks> {
  await writeFile(probeFile, html.replace('</body>', `${PROBE}\n</body>`));
  const dom = await chromium(['--window-size=1280,900', '--dump-dom', pathToFileURL(probeFile).href]);
  const encoded = /<output id="checks">([^<]*)<\/output>/.exec(dom)?.[1];
  if (!encoded) throw new Error(`the probe did not run in Chromium; the page it dumped:\n${dom.slice(0, 2000)}`);
  return JSON.parse(Buffer.from(encoded, 'base64').toString('utf8')) as PageChecks;
}

/** The page's DOM as headless Chromium parsed it (no probe): what a browser makes of the markup. */
export function renderedDom(file: string): Promise<string> {
  return chromium(['--window-size=1280,900', '--dump-dom', pathToFileURL(file).href]);
}
