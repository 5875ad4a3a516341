/**
 * A credit score told by the signs normalizing drops (round 17 red team: `Credit score: ~640`, `≈ 645`, `640+` of 642), or by
 * the points it stands off a threshold written beside it (`642 clears our 620 minimum by 22 points`, `58 points short of the
 * 700 needed`: the score noised, the threshold and the points rebuilt it). A Detector over the guard's vault: the round figure
 * near a sign (its span, redacted as a band), and the points of a difference that gives the score exactly.
 */
import type { Detection, Detector } from "../base.js";
import { WINDOW_CONFIDENCE } from "./context.js";
import { derivedFromEntries } from "./entries-memo.js";
import { COUNT_WORD, countOf } from "./numbers.js";
import { isCreditScoreField } from "./rating-bands.js";
import { sentenceBounds } from "./sentences.js";
import type { VaultEntry } from "./vault.js";

/** How far off a figure `~` or `≈` puts before it a score is still told by it (as rating-bands' NEAR_POINTS). */
const NEAR_POINTS = 5;
/** How far above a figure with `+` after it a score is still told by it (`640+` of 649). */
const FLOOR_POINTS = 10;
/** A three-digit figure after `~`/`≈` (group 1) or before `+` (group 2). */
const MARKED_FIGURE = /[~≈][ \t]?(\d{3})(?![\d.,])|(?<![\d.,])(\d{3})\+/g;
/**
 * A count of points (group 1), in digits or words (round 21 red team: `just one point short of the 620 threshold`), joined to them
 * too (round 23: `a 38-point gap to our 700`); or a bare count right before `below`/`above` a three-digit figure (group 2: `651 (6
 * below 620)`).
 */
const POINTS = new RegExp(
  String.raw`(?<![\d.,])(\d{1,3}|\b(?:${COUNT_WORD}))[ \t-]?(?:more[ \t]+)?(?:points?|pts?\.?)(?![\p{L}])|(?<![\d.,$€£])\b(\d{1,3})[ \t]+(?=(?:below|under|above|over|short of|shy of)[ \t]+\d{3}(?![\d.,]\d|\d))`,
  "giu",
);
/** A three-digit figure a difference is counted from, before a sentence's or a clause's end too (`to reach 620.`, `620, our minimum`: round 21 red team). */
const THREE_DIGITS = /(?<![\d.,])\d{3}(?!\d|[.,]\d)/g;
const POINTS_HINT = /\w[ \t-]?(?:more[ \t]+)?(?:point|pt)|\d[ \t]+(?:below|under|above|over|short|shy)\b/i;
/** Words that make a text about scores. */
const SCORE_WORDS = /\b(?:score|scores|fico|credit|vantage(?:score)?)\b/i;
/** The credit scores of three digits, beside their entries. */
function creditScoresOf(all: readonly VaultEntry[]): Array<{ entry: VaultEntry; score: number }> {
  return all.flatMap((entry) => (isCreditScoreField(entry.field) && /^\d{3}$/.test(entry.value.trim()) ? [{ entry, score: Number(entry.value) }] : []));
}

/** Detects credit scores among `entries()` told by a sign or by points off a figure beside them (read at each call: values added at run time count). */
export function scoreMarkDetector(entries: () => readonly VaultEntry[]): Detector {
  const scores = derivedFromEntries(entries, creditScoresOf);
  return {
    name: "score-marks",
    detect(text: string): Detection[] {
      const registered = scores();
      if (registered.length === 0 || !SCORE_WORDS.test(text)) return [];
      const found: Detection[] = [];
      const push = (start: number, end: number, entry: VaultEntry) =>
        found.push({ start, end, field: entry.field, kind: entry.kind, valueType: entry.valueType, tier: 1, confidence: WINDOW_CONFIDENCE, source: "vault", value: entry.value, role: "band" });
      for (const match of /[~≈+]/.test(text) ? text.matchAll(MARKED_FIGURE) : []) {
        const figure = Number(match[1] ?? match[2]);
        const told = registered.find(({ score }) => (match[1] !== undefined ? Math.abs(score - figure) <= NEAR_POINTS : score >= figure && score - figure <= FLOOR_POINTS));
        const start = match.index + match[0].indexOf(match[1] ?? match[2]);
        if (told) push(start, start + 3, told.entry);
      }
      for (const match of POINTS_HINT.test(text) ? text.matchAll(POINTS) : []) {
        const written = match[1] ?? match[2];
        const points = countOf(written);
        const [from, to] = sentenceBounds(text, match.index);
        const figures = Array.from(text.slice(from, to).matchAll(THREE_DIGITS), (figure) => Number(figure[0]));
        const told = points > 0 && registered.find(({ score }) => figures.some((figure) => figure !== score && Math.abs(figure - score) === points));
        if (told) push(match.index, match.index + written.length, told.entry);
      }
      return found;
    },
  };
}
