/**
 * The maximal runs of ASCII digits in a text. Several Detectors over the vault match a number that is
 * such a run and then look it up among the vault's values; most texts hold none of those values, so
 * they look the runs up first and run their phrase patterns only when one is there.
 */
import { lineBounds } from "./sentences.js";

const DIGIT_RUN = /\d+/g;

/** The last text asked for and its runs: the Detectors read the same text one after the other. */
let lastText: string | undefined;
let lastRuns: readonly string[] = [];

/** The maximal runs of ASCII digits (`\d`) in `text`, in order. */
export function digitRunsOf(text: string): readonly string[] {
  if (text !== lastText) {
    lastRuns = text.match(DIGIT_RUN) ?? [];
    lastText = text;
  }
  return lastRuns;
}

/** Whether some maximal digit run of `text` is one of `wanted`. */
export function hasDigitRunIn(text: string, wanted: { has(run: string): boolean }): boolean {
  return digitRunsOf(text).some((run) => wanted.has(run));
}

/**
 * The lines of `text` (start and end, the line break left out) that hold a maximal digit run in `wanted`, in order:
 * a pattern none of whose matches can span a line break finds in them all it finds in the whole text.
 */
export function linesWithDigitRunIn(text: string, wanted: { has(run: string): boolean }): Array<readonly [number, number]> {
  const lines: Array<readonly [number, number]> = [];
  if (!hasDigitRunIn(text, wanted)) return lines;
  DIGIT_RUN.lastIndex = 0;
  for (let run = DIGIT_RUN.exec(text); run !== null; run = DIGIT_RUN.exec(text)) {
    if (!wanted.has(run[0])) continue;
    const line = lineBounds(text, run.index, run.index + run[0].length);
    lines.push(line);
    if (line[1] === text.length) break;
    DIGIT_RUN.lastIndex = line[1];
  }
  return lines;
}
