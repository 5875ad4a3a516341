/**
 * A short value in a table cell whose column is headed by its field's label (`| Name | Score | Rating |`
 * over `| ... | 588 | D |`, a CSV header over its rows, `Score/Rating: 588/D`): too short to be told
 * from ordinary text alone, the header names it as a label beside it does (round 6 red team: a rating
 * letter in a horizontal table row passed verbatim while `| Rating | D |` was redacted). A Detector over
 * the guard's vault; the span is the cell's value, found as after its label (role `after-label`; a masked tail's as one, `masked-tail`).
 */
import type { Detection, Detector } from "../base.js";
import { derivedFromEntries } from "./entries-memo.js";
import { fieldLabel } from "./labels.js";
import { isMaskedValue, maskedTail, TAILED_KINDS } from "./masked.js";
import { isCreditScoreField } from "./rating-bands.js";
import { normalizeValue } from "./normalize.js";
import type { VaultEntry } from "./vault.js";
import { fieldNameWords } from "./words.js";

const TABLE_CELL_CONFIDENCE = 0.85;
/** Values this long or shorter (normalized) are found by their label only: longer ones stand out alone. */
const MAX_SHORT_VALUE = 4;
/** A markdown table's separator row (`|---|:---:|`). */
const SEPARATOR_ROW = /^\s*\|?\s*:?-{2,}:?\s*(?:\|\s*:?-{2,}:?\s*)*\|?\s*$/;
/** What a markdown table's separator row has: texts without one have no table to read. */
const SEPARATOR_HINT = /\|[ \t]*:?-{2,}/;
/** A CSV header line: words only (a digit inside one: `last4`), two or more, separated by commas, each in double quotes or not. */
const CSV_HEADER_SOURCE = String.raw`[ \t]*"?[A-Za-z][A-Za-z0-9 _-]*"?(?:,[ \t]*"?[A-Za-z][A-Za-z0-9 _-]*"?)+[ \t]*`;
const CSV_HEADER = new RegExp(`^${CSV_HEADER_SOURCE}$`);
/** The same, as any line of a text: texts without one have no CSV block to read. */
const CSV_HEADER_LINE = new RegExp(`^${CSV_HEADER_SOURCE}\\r?$`, "m");
/** Longer cells hold no short value: not normalized. */
const MAX_CELL = 4 * MAX_SHORT_VALUE;
/** Labels paired with values by slashes (`Score/Rating: 588/D`): group 1 the labels, group 2 the values. */
const SLASH_PAIR = /\b([A-Za-z][A-Za-z ]{0,30}(?:\/[A-Za-z][A-Za-z ]{0,30})+)[*_]*:[*_]*[ \t]*([^\s/]{1,20}(?:\/[^\s/]{1,20})+)/g;

/** A cell's text, where it stands in the source, and its column's header. */
interface Cell {
  header: string;
  /** The first cell of the cell's row, for the others: a key-value table's label (`credit_score,542,600,N` under `metric,value,limit,pass`). */
  rowLabel?: string;
  start: number;
  end: number;
}

/** Column headers of a card's or account's last digits, normalized. */
const MASKED_TAIL_HEADERS: readonly string[] = ["last4", "pan4", "tail", "card", "acct"];

/** A short value's entry, the labels its column may have, and the role it is found in (a masked tail is shown as one). */
interface ShortValue {
  entry: VaultEntry;
  labels: readonly string[];
  /** Other words of the field's name a column may be headed by alone (`fraud` over a `fraud_score`). */
  headers?: readonly string[];
  role: "after-label" | "masked-tail";
}

/** Fewest letters a field name's other word has to head its column alone (`fraud` of `fraud_score`; not `id`, `avg`). */
const MIN_HEADER_WORD = 4;

/** Headers' short forms of a label (`Int. Rtg` over a rating: session 57 probe). */
const LABEL_ABBREVIATIONS: Readonly<Record<string, readonly string[]>> = { rating: ["rtg"], score: ["scr"], department: ["dept", "dep"] };

/** Short values by their normalized text, each entry beside the labels its column may have. */
function shortValuesOf(all: readonly VaultEntry[]): Map<string, ShortValue[]> {
  const byValue = new Map<string, ShortValue[]>();
  const add = (normalized: string, value: ShortValue) => {
    const owners = byValue.get(normalized);
    if (owners === undefined) byValue.set(normalized, [value]);
    else owners.push(value);
  };
  for (const entry of all) {
    const normalized = normalizeValue(entry.value);
    const label = fieldLabel(entry.field);
    if (label === null || normalized === "") continue;
    const own = [label, ...(LABEL_ABBREVIATIONS[label] ?? [])];
    const masked = isMaskedValue(entry.value);
    const tail = masked || !TAILED_KINDS.has(entry.kind) ? null : maskedTail(entry.value);
    if (tail !== null) add(tail, { entry, labels: MASKED_TAIL_HEADERS, role: "masked-tail" });
    // A one-word category cut short in its column (session 57 probe: `Corp.` of `Corporate` under `Type`, `Eng.` under `Dept`).
    if (entry.kind !== "name" && /^\p{L}{5,}$/u.test(entry.value.trim())) {
      for (const length of [3, MAX_SHORT_VALUE]) add(normalized.slice(0, length), { entry, labels: own, role: "after-label" });
    }
    if (normalized.length > MAX_SHORT_VALUE) continue;
    // A credit score's row is as often labelled by its bureau's model (round 12 red team: `fico_mid,642,600` under `metric,value,limit`).
    // A masked tail's column is named for what it is (round 5 of the probe: `0952` under a CSV header's `last4`).
    const labels = isCreditScoreField(entry.field) ? [...own, "fico"] : masked ? [...own, ...MASKED_TAIL_HEADERS] : own;
    const headers = fieldNameWords(entry.field).filter((word) => word.length >= MIN_HEADER_WORD && word !== label);
    add(normalized, { entry, labels, headers, role: masked ? "masked-tail" : "after-label" });
  }
  return byValue;
}

/** Detects short vault values in cells headed by their field's label, in the entries read at each call. */
export function tableCellDetector(entries: () => readonly VaultEntry[]): Detector {
  const shortValues = derivedFromEntries(entries, shortValuesOf);
  return {
    name: "table-cells",
    detect(text: string): Detection[] {
      if (!text.includes("|") && !text.includes(",") && !text.includes("/")) return [];
      const values = shortValues();
      if (values.size === 0) return [];
      const found: Detection[] = [];
      // Each column's header read once, however many rows it heads.
      const headerWords = new Map<string, string>();
      for (const { header, rowLabel, start, end } of cellsOf(text)) {
        const owners = end - start <= MAX_CELL ? values.get(normalizeValue(text.slice(start, end))) : undefined;
        if (owners === undefined) continue;
        let words = headerWords.get(header);
        if (words === undefined) headerWords.set(header, (words = ` ${normalizeValue(header)} `));
        // Or its row's label (round 12 red team: a metric's row under `metric,value,limit,pass` kept the credit score).
        const rowWords = rowLabel === undefined ? "" : ` ${normalizeValue(rowLabel)} `;
        for (const { entry, labels, headers = [], role } of owners) {
          // A column headed by another word of the field's name alone (session 59 probe: `0.87` under `fraud` of a `fraud_score`).
          const headed = labels.some((label) => words.includes(` ${label} `) || rowWords.includes(` ${label} `)) || headers.some((word) => words === ` ${word} ` || rowWords === ` ${word} `);
          if (!headed) continue;
          found.push({ start, end, field: entry.field, kind: entry.kind, valueType: entry.valueType, tier: 1, confidence: TABLE_CELL_CONFIDENCE, source: "vault", value: entry.value, role });
        }
      }
      return found;
    },
  };
}

/** The cells of `text`'s markdown tables, CSV blocks and slash pairs, each with its header. */
export function cellsOf(text: string): readonly Cell[] {
  // The table-cell, age and tenure detectors read the same text one after another: parsed once.
  if (lastCells.text !== text) lastCells = { text, cells: parseCells(text) };
  return lastCells.cells;
}

/** The text `cellsOf` read last and its cells. */
let lastCells: { text: string | null; cells: readonly Cell[] } = { text: null, cells: [] };

function parseCells(text: string): Cell[] {
  const [markdown, csv] = [SEPARATOR_HINT.test(text), CSV_HEADER_LINE.test(text)];
  if (!markdown && !csv) return slashPairCells(text);
  const lines: Array<{ line: string; start: number }> = [];
  for (let start = 0; start <= text.length; ) {
    const end = text.indexOf("\n", start);
    const stop = end === -1 ? text.length : end;
    lines.push({ line: text.slice(start, stop).replace(/\r$/, ""), start });
    start = stop + 1;
  }
  return [...(markdown ? markdownCells(lines) : []), ...(csv ? csvCells(lines) : []), ...slashPairCells(text)];
}

/** Cells of a markdown table's rows under a header row and a separator row. */
function markdownCells(lines: ReadonlyArray<{ line: string; start: number }>): Cell[] {
  const cells: Cell[] = [];
  for (let at = 1; at < lines.length; at++) {
    if (!SEPARATOR_ROW.test(lines[at].line) || !lines[at - 1].line.includes("|")) continue;
    const headers = splitRow(lines[at - 1].line).map((cell) => cell.text);
    for (let row = at + 1; row < lines.length && lines[row].line.includes("|"); row++) {
      const rowCells = splitRow(lines[row].line);
      rowCells.forEach((cell, column) => {
        if (headers[column] !== undefined) cells.push({ header: headers[column], rowLabel: column > 0 ? rowCells[0].text : undefined, start: lines[row].start + cell.start, end: lines[row].start + cell.end });
      });
    }
  }
  return cells;
}

/** A row's cells between pipes, trimmed (and stripped of emphasis), with their offsets in the line. */
function splitRow(line: string): Array<{ text: string; start: number; end: number }> {
  const cells: Array<{ text: string; start: number; end: number }> = [];
  const inner = line.replace(/^\s*\|/, (lead) => " ".repeat(lead.length)).replace(/\|\s*$/, "");
  let from = 0;
  for (const piece of inner.split("|")) {
    const lead = /^[\s*_`]*/.exec(piece)![0].length;
    const trail = /[\s*_`]*$/.exec(piece.slice(lead))![0].length;
    cells.push({ text: piece.trim(), start: from + lead, end: from + piece.length - trail });
    from += piece.length + 1;
  }
  return cells;
}

/** Fields of CSV rows under a header line of words with as many fields. */
function csvCells(lines: ReadonlyArray<{ line: string; start: number }>): Cell[] {
  const cells: Cell[] = [];
  for (let at = 0; at + 1 < lines.length; at++) {
    if (!CSV_HEADER.test(lines[at].line)) continue;
    const headers = csvFields(lines[at].line).map(unquoted);
    for (let row = at + 1; row < lines.length; row++) {
      const fields = csvFields(lines[row].line);
      if (fields.length !== headers.length) break;
      let from = 0;
      fields.forEach((field, column) => {
        // A quoted field's cell is inside its quotes (session 58 probe: `"base_k"` over `"162.5"`).
        const quote = QUOTED_FIELD.test(field) ? 1 : 0;
        const lead = field.length - field.trimStart().length + quote;
        cells.push({ header: headers[column], rowLabel: column > 0 ? unquoted(fields[0]) : undefined, start: lines[row].start + from + lead, end: lines[row].start + from + field.trimEnd().length - quote });
        from += field.length + 1;
      });
    }
  }
  return cells;
}

/** A CSV field in double quotes, spaces around them or not. */
const QUOTED_FIELD = /^[ \t]*".*"[ \t]*$/;

/** A CSV field's text without the spaces and double quotes around it. */
function unquoted(field: string): string {
  return QUOTED_FIELD.test(field) ? field.trim().slice(1, -1) : field.trim();
}

/** A CSV line's fields as written, split at commas outside double quotes (`A1,"PIKE, D.",47`: round 11 red team). */
function csvFields(line: string): string[] {
  if (!line.includes('"')) return line.split(",");
  const fields: string[] = [];
  let [from, quoted] = [0, false];
  for (let at = 0; at < line.length; at++) {
    if (line[at] === '"') quoted = !quoted;
    else if (line[at] === "," && !quoted) {
      fields.push(line.slice(from, at));
      from = at + 1;
    }
  }
  fields.push(line.slice(from));
  return fields;
}

/** Whether a slash stands between labels' letters (`Score/Rating`), as in every slash pair: a scan for `/` alone, where the pair's pattern backtracks at every word. */
function hasLabelSlash(text: string): boolean {
  for (let at = text.indexOf("/"); at !== -1; at = text.indexOf("/", at + 1)) {
    if (/[A-Za-z ]/.test(text.charAt(at - 1)) && /[A-Za-z]/.test(text.charAt(at + 1))) return true;
  }
  return false;
}

/** The values of `Score/Rating: 588/D`, each under its label. */
function slashPairCells(text: string): Cell[] {
  const cells: Cell[] = [];
  for (const match of hasLabelSlash(text) ? text.matchAll(SLASH_PAIR) : []) {
    const labels = match[1].split("/");
    const values = match[2].split("/");
    if (labels.length !== values.length) continue;
    let from = match.index + match[0].length - match[2].length;
    values.forEach((value, column) => {
      // A sentence's punctuation after the last value is not the value's.
      cells.push({ header: labels[column], start: from, end: from + value.replace(/[.,;:!?)\]]+$/, "").length });
      from += value.length + 1;
    });
  }
  return cells;
}
