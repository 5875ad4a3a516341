/** Context words near a span: a bounded window around it, so each check costs O(window), not O(text). */

export interface ContextWindow {
  /** Characters inspected before the span. */
  before: number;
  /** Characters inspected after the span. */
  after: number;
}

/** Labels usually precede a value ("SSN: ..."), and sometimes follow it ("... (routing)"). */
export const DEFAULT_WINDOW: ContextWindow = { before: 48, after: 24 };

/**
 * Builds a case-insensitive matcher for whole context words or phrases; spaces in a phrase match
 * any run of whitespace or separators, so "social security" also finds "Social-Security".
 */
export function contextWords(words: readonly string[]): RegExp {
  const alternatives = words.map((w) =>
    w
      .trim()
      .split(/\s+/)
      .map((part) => part.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&"))
      .join("[\\s_-]{1,3}"),
  );
  return new RegExp(`(?<![A-Za-z])(?:${alternatives.join("|")})(?![A-Za-z])`, "i");
}

/** True when one of `words` appears within the window around text[start, end). */
export function hasContext(
  text: string,
  start: number,
  end: number,
  words: RegExp,
  window: ContextWindow = DEFAULT_WINDOW,
): boolean {
  const before = text.slice(Math.max(0, start - window.before), start);
  const after = text.slice(end, Math.min(text.length, end + window.after));
  return words.test(before) || words.test(after);
}
