/**
 * Text a writer base64-encoded inside a string (`Authorization: Basic bWFyaWEu...`, an attachment,
 * a JWT's payload): a matcher reading the string as written sees none of its values, so each such
 * segment is decoded, handled as text of its own, and encoded back the way it was written.
 */

/** Shortest run looked at: 12 characters encode 9 bytes (an SSN without dashes; with them, 15 and a `=`). */
const MIN_RUN = 12;
/** Runs shorter than this are looked at only when they look encoded (`encodedShape`): most are words. */
const WORD_LENGTH_RUN = 16;
const EQUALS = 61;
/** 1 for each ASCII character of the base64 and base64url alphabets. */
const ALPHABET = new Uint8Array(128);
for (const char of "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/_-") ALPHABET[char.charCodeAt(0)] = 1;

function inAlphabet(code: number): boolean {
  return code < 128 && ALPHABET[code] === 1;
}

/** What decoded text does not hold: control characters other than tabs and line breaks, and U+FFFD, the mark of bytes that are no UTF-8. */
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
  const segments: EncodedSegment[] = [];
  const length = text.length;
  // Every text is scanned: a window of MIN_RUN characters is judged by its last one and skipped
  // past the last character outside the alphabet (a regex reading every character cost 4x more).
  let from = 0;
  while (from + MIN_RUN <= length) {
    let at = from + MIN_RUN - 1;
    while (at >= from && inAlphabet(text.charCodeAt(at))) at--;
    if (at >= from) {
      from = at + 1;
      continue;
    }
    let end = from + MIN_RUN;
    while (end < length && inAlphabet(text.charCodeAt(end))) end++;
    // Its padding, then nothing of the alphabet: `==` or `=` ends a run.
    let padded = end;
    while (padded < length && padded - end < 2 && text.charCodeAt(padded) === EQUALS) padded++;
    const shaped = end - from >= WORD_LENGTH_RUN || encodedShape(text, from, end);
    if (shaped && (padded === length || !(inAlphabet(text.charCodeAt(padded)) || text.charCodeAt(padded) === EQUALS))) {
      const segment = decodedSegment(text.slice(from, padded), from);
      if (segment) segments.push(segment);
    }
    from = padded + 1;
  }
  return segments;
}

/**
 * A digit, `+ / _ -`, or a capital after the first character in [from, end): base64 of text nearly
 * always has one, a word (`Administration`, `responsibility`) none.
 */
function encodedShape(text: string, from: number, end: number): boolean {
  for (let at = from; at < end; at++) {
    const code = text.charCodeAt(at);
    if (code < 65 || code === 95 || (at > from && code <= 90)) return true;
  }
  return false;
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
