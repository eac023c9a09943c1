/**
 * The CSV that `label --from` reads: a header naming the columns `key`, `decision` and `label` (any
 * order, others ignored), then a row per decision; fields quoted as spreadsheets write them.
 */
import { CalibrationError } from '../calibration/errors.js';
import { labelOf } from '../calibration/labels.js';
import { quotedNames } from '../value.js';

/** Rows of fields: RFC 4180, with LF or CRLF line ends. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') (field += '"'), i++;
      else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"' && field === '') quoted = true;
    else if (char === ',') row.push(field), (field = '');
    else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      if (row.some((value) => value !== '')) rows.push(row);
      row = [];
      field = '';
    } else field += char;
  }
  if (quoted) throw new CalibrationError('the CSV ends inside a quoted field: a closing " is missing.');
  row.push(field);
  if (row.some((value) => value !== '')) rows.push(row);
  return rows;
}

const PASS = new Set(['pass', 'yes', 'y', '1', 'true']);
const FAIL = new Set(['fail', 'no', 'n', '0', 'false']);

/** The labels of a CSV file's text; `file` names it in errors. */
export function labelsFromCsv(text: string, file: string) {
  const [header, ...rows] = parseCsv(text);
  const columns = (header ?? []).map((name) => name.trim().toLowerCase());
  const at = (name: string) => {
    const index = columns.indexOf(name);
    if (index === -1) throw new CalibrationError(`${file}: the first row must name the columns key, decision and label; it has ${header ? quotedNames(header) : 'nothing'}.`);
    return index;
  };
  const [key, decision, label] = [at('key'), at('decision'), at('label')];
  return rows.map((row, index) => {
    const line = index + 2;
    const value = (row[label] ?? '').trim().toLowerCase();
    if (!PASS.has(value) && !FAIL.has(value)) throw new CalibrationError(`${file}, line ${line}: the label ${JSON.stringify(row[label] ?? '')} is not pass or fail (yes/no, 1/0 and true/false work too).`);
    const keyText = (row[key] ?? '').trim();
    const decisionText = (row[decision] ?? '').trim();
    if (keyText === '' || decisionText === '') throw new CalibrationError(`${file}, line ${line}: the key and the decision must not be empty.`);
    return { line, key: keyText, decision: decisionText, label: labelOf(PASS.has(value)) };
  });
}
