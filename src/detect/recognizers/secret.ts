import { resolveOverlaps, type Detection } from "../base.js";
import { recognizerHit } from "./detection.js";
import { allMatches } from "./matches.js";
import { ProfiledRecognizer, type TextProfile } from "./text-profile.js";

/**
 * Credentials by their issuers' published shapes (a fixed prefix, then a fixed alphabet and
 * length): each pattern is one run of a character class after a literal, so linear time.
 * `marks`: text every match holds (a native substring search spares the pattern's scan of a text without any).
 */
const SHAPES: ReadonlyArray<{ pattern: RegExp; confidence: number; marks: readonly string[] }> = [
  // AWS access key ids (long-term `AKIA`, temporary `ASIA`).
  { pattern: /\b(?:AKIA|ASIA|ABIA|ACCA)[0-9A-Z]{16}\b/g, confidence: 0.9, marks: ["AKIA", "ASIA", "ABIA", "ACCA"] },
  // GitHub tokens: personal, OAuth, user-to-server, server-to-server, refresh; fine-grained personal.
  { pattern: /\bgh[pousr]_[A-Za-z0-9]{36,255}\b/g, confidence: 0.95, marks: ["ghp_", "gho_", "ghu_", "ghs_", "ghr_"] },
  { pattern: /\bgithub_pat_[A-Za-z0-9_]{60,255}\b/g, confidence: 0.95, marks: ["github_pat_"] },
  // Slack bot, user, app and refresh tokens.
  { pattern: /\bxox[abposr]-[A-Za-z0-9-]{10,250}\b/g, confidence: 0.9, marks: ["xox"] },
  // Stripe secret and restricted keys.
  { pattern: /\b[rs]k_(?:live|test)_[A-Za-z0-9]{16,250}\b/g, confidence: 0.95, marks: ["k_live_", "k_test_"] },
  // OpenAI and Anthropic API keys (`sk-…`, `sk-proj-…`, `sk-ant-api03-…`).
  { pattern: /(?<![\w-])sk-(?:[a-z]{2,8}-){0,2}[A-Za-z0-9_-]{20,250}(?![\w-])/g, confidence: 0.85, marks: ["sk-"] },
  // Google API keys.
  { pattern: /\bAIza[0-9A-Za-z_-]{35}(?![\w-])/g, confidence: 0.9, marks: ["AIza"] },
  // A private key in PEM, whole or cut short (a log preview): up to its END line, else to the first character no PEM body has (JSON's `\n` escapes are).
  { pattern: /-----BEGIN (?:[A-Z]+ )*PRIVATE KEY(?: BLOCK)?-----[A-Za-z0-9+/=\s:,.\\-]*?(?:-----END (?:[A-Z]+ )*PRIVATE KEY(?: BLOCK)?-----|(?![A-Za-z0-9+/=\s:,.\\-]))/g, confidence: 0.99, marks: ["PRIVATE KEY"] },
  // An HTTP Authorization header's credentials (the scheme stays; `token` in lowercase is a word of prose).
  // A sentence's full stop after the credential is not part of it.
  { pattern: /\b(?:Bearer|bearer|BEARER|Basic|basic|BASIC|Token)\s+([A-Za-z0-9._~+/-]{16,4096}=*)(?<!\.)(?![\w~+/-]|\.[\w~+/-])/g, confidence: 0.85, marks: ["Bearer", "bearer", "BEARER", "Basic", "basic", "BASIC", "Token"] },
];
/** The password of a URL's user info (`postgres://app:s3cret@db:5432/x`): the user and host stay. */
const URL_PASSWORD = /\b[a-z][a-z0-9+.-]{1,20}:\/\/[^\s:/@]{1,256}:([^\s:/@]{1,256})(?=@)/g;
/** A JSON Web Token: base64url header and payload (both JSON objects: `eyJ` is `{"`), and a signature. */
const JWT = /\beyJ[A-Za-z0-9_-]{8,4096}\.eyJ[A-Za-z0-9_-]{8,8192}\.[A-Za-z0-9_-]{0,4096}(?![\w.-])/g;
/**
 * A secret given by its name (`password: hunter22`, `"api_key": "a8f…"`, `client_secret=…`): the
 * value only, one token of six or more characters that mixes letters with digits or symbols, or
 * sixteen or more in mixed case, so `password: required` or `token: see above` is not one.
 */
const ASSIGNED = /\b(?:pass(?:word|wd|phrase)?|pwd|secret|client[_-]?secret|api[_-]?key|secret[_-]?key|access[_-]?key|private[_-]?key|(?:access|auth|refresh|bearer)[_-]?token|token)["']?\s{0,3}[:=]\s{0,3}["']?([^\s"',;]{6,256})/gi;
/** What every credential's name ASSIGNED reads holds (in lower case). */
const ASSIGNED_WORDS = ["pass", "pwd", "secret", "key", "token"];
const MIXED = /^(?=.*[A-Za-z])(?=.*[\d\W_])|^(?=.*\d)(?=.*\D)|^(?=.*[a-z])(?=.*[A-Z]).{16}/;
/** Texts without any of these hold no credential the shapes know: one quick test (one regex: cheaper than two, or than a test per shape) spares the rest. */
const HINT = /AKIA|ASIA|ABIA|ACCA|gh[pousr]_|github_pat_|xox[abposr]-|k_(?:live|test)_|sk-|AIza|PRIVATE KEY|eyJ|Bearer|Basic|Token|pass|pwd|secret|key|token/i;

/**
 * Credentials nobody registered: API keys and tokens of well-known issuers by their published
 * prefixes, PEM private keys, JWTs (the header must decode to a JSON object with an `alg`), HTTP
 * Authorization credentials, and values assigned to a credential's name. Unregistered, they are
 * redacted for every recipient by default (`policy.unregistered.secret`).
 */
export class SecretRecognizer extends ProfiledRecognizer {
  readonly name = "secret";
  readonly kind = "secret";
  readonly valueType = "format" as const;

  detectIn({ text }: TextProfile): Detection[] {
    const hits: Detection[] = [];
    // A URL is found by a native substring search; the other shapes share one regex test.
    if (text.includes("://")) for (const m of allMatches(URL_PASSWORD, text)) hits.push(recognizerHit(this, m.index + m[0].length - m[1].length, m.index + m[0].length, 0.9));
    if (!HINT.test(text)) return hits;
    for (const { pattern, confidence, marks } of SHAPES) {
      if (!marks.some((mark) => text.includes(mark))) continue;
      // A pattern with a group claims only the group, which ends the match (the credential after its scheme).
      for (const m of allMatches(pattern, text)) hits.push(recognizerHit(this, m.index + m[0].length - (m[1] ?? m[0]).length, m.index + m[0].length, confidence));
    }
    for (const m of text.includes("eyJ") ? allMatches(JWT, text) : []) if (isJwtHeader(m[0].slice(0, m[0].indexOf(".")))) hits.push(recognizerHit(this, m.index, m.index + m[0].length, 0.95));
    const lower = text.toLowerCase();
    for (const m of ASSIGNED_WORDS.some((word) => lower.includes(word)) ? allMatches(ASSIGNED, text) : []) {
      const value = m[1];
      if (!MIXED.test(value)) continue;
      const start = m.index + m[0].length - value.length;
      hits.push(recognizerHit(this, start, start + value.length, 0.8));
    }
    // One credential can have two shapes (`Bearer ghp_…`): one hit for it.
    return resolveOverlaps(hits);
  }
}

function isJwtHeader(encoded: string): boolean {
  try {
    const header = JSON.parse(Buffer.from(encoded, "base64url").toString("utf8")) as unknown;
    return typeof header === "object" && header !== null && typeof (header as { alg?: unknown }).alg === "string";
  } catch {
    return false;
  }
}
