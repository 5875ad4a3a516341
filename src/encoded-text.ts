/**
 * Text a writer base64-encoded inside a string (`Authorization: Basic bWFyaWEu...`, an attachment,
 * a JWT's payload): a matcher reading the string as written sees none of its values, so each such
 * segment is decoded, handled as text of its own, and encoded back the way it was written.
 */

/** A base64 or base64url run, as long as possible, with its padding: at least 16 characters (12 bytes). */
const CANDIDATE = /(?<![A-Za-z0-9+/_-])[A-Za-z0-9+/_-]{16,}={0,2}(?![A-Za-z0-9+/_=-])/g;
/** What decoded text may hold besides printable characters: tabs and line breaks. */
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\ufffd]/;
/** Decoded text needs letters or digits: a run of punctuation is no message. */
const WORD_CHARACTER = /[\p{L}\p{N}]{2}/u;

export interface EncodedSegment {
  start: number;
  end: number;
  /** The UTF-8 text the segment encodes. */
  decoded: string;
  /** `text` encoded as the segment was: the same alphabet (standard or URL-safe), padded or not. */
  encode(text: string): string;
}

/**
 * The segments of `text` that are base64 (or base64url) of UTF-8 text: canonical (encoding the
 * decoded bytes gives the segment back), valid UTF-8, no control characters but tabs and line
 * breaks. A long word or hash that happens to use the alphabet decodes to bytes that are not such text.
 */
export function encodedSegments(text: string): EncodedSegment[] {
  if (text.length < 16) return [];
  const segments: EncodedSegment[] = [];
  CANDIDATE.lastIndex = 0;
  for (let match = CANDIDATE.exec(text); match !== null; match = CANDIDATE.exec(text)) {
    const segment = decodedSegment(match[0], match.index);
    if (segment) segments.push(segment);
  }
  return segments;
}

function decodedSegment(written: string, start: number): EncodedSegment | null {
  const urlSafe = /[-_]/.test(written);
  if (urlSafe && /[+/]/.test(written)) return null;
  const body = written.replace(/=+$/, "");
  // Unpadded where padding was due and left off (a JWT's base64url); where none was due, as the alphabet usually is.
  const padded = written.endsWith("=") || (body.length % 4 === 0 && !urlSafe);
  if (body.length % 4 === 1 || (padded && written.length % 4 !== 0)) return null;
  const bytes = Buffer.from(body, urlSafe ? "base64url" : "base64");
  const decoded = bytes.toString("utf8");
  if (CONTROL.test(decoded) || !WORD_CHARACTER.test(decoded)) return null;
  const encode = (plain: string) => {
    const encoded = Buffer.from(plain, "utf8").toString(urlSafe ? "base64url" : "base64").replace(/=+$/, "");
    return padded ? encoded.padEnd(Math.ceil(encoded.length / 4) * 4, "=") : encoded;
  };
  // Canonical only: trailing bits a decoder drops would make `encode(decoded)` another string.
  if (encode(decoded) !== written) return null;
  return { start, end: start + written.length, decoded, encode };
}

/**
 * `text` with each encoded segment's text replaced by `rewrite(decoded, segment)`, encoded back as
 * it was written; `text` itself when no segment changed.
 */
export function mapEncoded(text: string, rewrite: (decoded: string, segment: EncodedSegment) => string): string {
  const segments = encodedSegments(text);
  if (segments.length === 0) return text;
  let output = "";
  let cursor = 0;
  for (const segment of segments) {
    const rewritten = rewrite(segment.decoded, segment);
    if (rewritten === segment.decoded) continue;
    output += text.slice(cursor, segment.start) + segment.encode(rewritten);
    cursor = segment.end;
  }
  return cursor === 0 ? text : output + text.slice(cursor);
}
