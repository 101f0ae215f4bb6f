/**
 * CSV as spreadsheets and fitness apps write it (RFC 4180): fields in double quotes may hold the delimiter, line
 * breaks and doubled quotes; lines end in LF or CRLF; a byte-order mark at the start is dropped. The delimiter is the
 * one the header line uses (Strong's older export uses semicolons).
 */

export interface CsvRow {
  /** The line of the file the row starts on (1 = the header). */
  line: number;
  cells: string[];
}

export interface CsvTable {
  header: string[];
  rows: CsvRow[];
  /** The row (1-based line) where a quoted field was left open, if any: the rest of the file is that one field. */
  unterminatedAt: number | null;
}

/** The delimiter the header line uses: the most frequent of comma, semicolon and tab outside quotes. */
export function detectDelimiter(text: string): string {
  let inQuotes = false;
  const counts: Record<string, number> = { ',': 0, ';': 0, '\t': 0 };
  for (const ch of text) {
    if (ch === '"') inQuotes = !inQuotes;
    else if (!inQuotes && (ch === '\n' || ch === '\r')) break;
    else if (!inQuotes && ch in counts) counts[ch]++;
  }
  const [best, count] = Object.entries(counts).sort((a, b) => b[1] - a[1])[0];
  return count > 0 ? best : ',';
}

/**
 * Reads a whole file. Blank lines are skipped; `maxRows` stops the reading once that many data rows were read
 * (`tooManyRows` then says so) so a huge file costs no more than the cap.
 */
export function parseCsv(input: string, options: { delimiter?: string; maxRows?: number } = {}): CsvTable & { tooManyRows: boolean } {
  // CRLF and lone CR line ends (also inside quoted fields) read as LF.
  const text = (input.charCodeAt(0) === 0xfeff ? input.slice(1) : input).replace(/\r\n?/g, '\n');
  const delimiter = options.delimiter ?? detectDelimiter(text);
  const maxRows = options.maxRows ?? Number.POSITIVE_INFINITY;
  const records: CsvRow[] = [];
  let cells: string[] = [];
  let field = '';
  let inQuotes = false;
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  let unterminatedAt: number | null = null;
  let tooManyRows = false;

  const endRow = () => {
    cells.push(field);
    // A line with nothing on it is no row.
    if (!(cells.length === 1 && cells[0] === '' && !quoted)) records.push({ line: rowLine, cells });
    cells = [];
    field = '';
    quoted = false;
  };

  let i = 0;
  const n = text.length;
  while (i < n) {
    const ch = text[i];
    if (inQuotes) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        inQuotes = false;
        i++;
        continue;
      }
      if (ch === '\n') line++;
      field += ch;
      i++;
      continue;
    }
    if (ch === '"' && field === '') {
      inQuotes = true;
      quoted = true;
      i++;
      continue;
    }
    if (ch === delimiter) {
      cells.push(field);
      field = '';
      i++;
      continue;
    }
    if (ch === '\r' || ch === '\n') {
      endRow();
      if (ch === '\r' && text[i + 1] === '\n') i++;
      i++;
      line++;
      rowLine = line;
      if (records.length > maxRows + 1) {
        tooManyRows = true;
        break;
      }
      continue;
    }
    field += ch;
    i++;
  }
  if (!tooManyRows) {
    if (inQuotes) unterminatedAt = rowLine;
    if (field !== '' || cells.length > 0 || quoted) endRow();
    if (records.length > maxRows + 1) tooManyRows = true;
  }
  const [head, ...rows] = records;
  return { header: head ? head.cells.map((h) => h.trim()) : [], rows: tooManyRows ? rows.slice(0, maxRows) : rows, unterminatedAt, tooManyRows };
}

/**
 * A cell a spreadsheet could take for a formula (=, +, -, @, a tab or a carriage return first) is written with a
 * leading apostrophe, so opening an export never runs what someone typed into a workout note (CSV injection).
 * Numbers are written by `toCsv` from numbers, so a negative number is never a text cell and keeps its sign.
 */
export function neutraliseCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

function quoteCell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

export type CsvValue = string | number | boolean | null | undefined;

/** A CSV file: CRLF line ends (RFC 4180, and what Excel expects), text cells neutralised, a BOM so Excel reads UTF-8. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  const cell = (v: CsvValue) => (v == null ? '' : typeof v === 'number' || typeof v === 'boolean' ? String(v) : quoteCell(neutraliseCell(v)));
  return `\ufeff${[header.map((h) => quoteCell(h)).join(','), ...rows.map((r) => r.map(cell).join(','))].join('\r\n')}\r\n`;
}
