import type { Detector } from "./detect/base.js";

/**
 * Numbers of four digits or more, separators included (ids, amounts, dates), and email-like tokens:
 * content, whatever the vault holds. Shorter numbers (an HTTP status, a port's last digits) stay.
 */
const CONTENT_LIKE = /\d(?:[\d\s().,\/-]*\d){3,}|[^\s@"'`]+@[^\s@"'`]+/g;
const MAX_REASON = 200;

/**
 * What a decision may say about an error. A plug-in's message may quote the text it failed on, and
 * decisions are logged and traced, so registered values, digit runs and email-like tokens are taken
 * out; when the vault matcher itself fails on the message, only the error's class is told.
 */
export function errorSummary(error: unknown, vault: Pick<Detector, "detect">): string {
  const message = error instanceof Error ? error.message : String(error);
  let scrubbed = message;
  try {
    for (const { start, end, kind } of [...vault.detect(message)].sort((a, b) => b.start - a.start)) {
      scrubbed = `${scrubbed.slice(0, start)}[REDACTED:${kind}]${scrubbed.slice(end)}`;
    }
  } catch {
    return `${error instanceof Error ? error.name : typeof error} (message withheld)`;
  }
  return scrubbed.replace(CONTENT_LIKE, "[REDACTED]").slice(0, MAX_REASON);
}
