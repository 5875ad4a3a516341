import type { Detector } from "./detect/base.js";

/**
 * Numbers of four digits or more, separators included (ids, amounts, dates), email-like tokens, and runs of twelve
 * base64 or hex characters or more with a digit among them (round 14 audit: `b64 U1NOIDEyMy00NS02Nzg5` decoded to an SSN):
 * content, whatever the vault holds. Shorter numbers (an HTTP status, a port's last digits) and words stay.
 */
const CONTENT_LIKE = /\d(?:[\d\s().,\/-]*\d){3,}|[^\s@"'`]+@[^\s@"'`]+|(?<![\w+/=])(?=[A-Za-z+/_-]*\d)[A-Za-z0-9+/_-]{12,}={0,2}(?![\w+/=])/g;
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
