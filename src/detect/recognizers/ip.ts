import { isIP } from "node:net";
import { resolveOverlaps, type Detection } from "../base.js";
import { recognizerHit } from "./detection.js";
import { allMatches } from "./matches.js";
import { ProfiledRecognizer, type TextProfile } from "./text-profile.js";

/**
 * Dotted quad not inside a longer dotted number (versions such as 1.2.3.4.5). The first digit is
 * consumed before the lookbehind so V8 jumps from digit to digit.
 */
const IPV4_SHAPE = /\d(?<!(?:[\w.]|\d\.)\d)\d{0,2}\.(?:\d{1,3}\.){2}\d{1,3}(?!\.?\d|\w)/g;

/** Up to 8 hex groups with "::" compression and an optional IPv4 tail; node:net decides. */
const IPV6_SHAPE = /(?<![\w:.])(?:[0-9A-Fa-f]{0,4}:){2,7}(?:[0-9A-Fa-f]{1,4}|(?:\d{1,3}\.){3}\d{1,3})?(?![\w:]|\.\w)/g;

/**
 * Every IPv6 address has "::" or, written out, 6+ groups ending in ":" (8 groups, or 6 and an IPv4
 * tail); clock times ("19:01:23") have neither. Anchored on ":" so the scan skips other characters.
 */
const IPV6_HINT = /:(?::|(?<=(?:[0-9A-Fa-f]{1,4}:){6}))/;

/** IPv4 and IPv6 addresses, validated by node:net (octets <= 255, group counts, one "::"). */
export class IpRecognizer extends ProfiledRecognizer {
  readonly name = "ip";
  readonly kind = "ip";
  readonly valueType = "format" as const;

  detectIn({ text, hasDigit }: TextProfile): Detection[] {
    if (!hasDigit) return [];
    const hits: Detection[] = [];
    for (const m of allMatches(IPV4_SHAPE, text)) {
      if (isIP(m[0]) === 4) hits.push(recognizerHit(this, m.index, m.index + m[0].length, 0.85));
    }
    if (!IPV6_HINT.test(text)) return hits;
    // An IPv4-mapped IPv6 address contains an IPv4 match; keep the whole address.
    for (const m of allMatches(IPV6_SHAPE, text)) {
      // A digit rules out words and times that parse as IPv6 ("add::b"); time "12:30:45" fails isIP.
      if (/\d/.test(m[0]) && isIP(m[0]) === 6) hits.push(recognizerHit(this, m.index, m.index + m[0].length, 0.85));
    }
    return resolveOverlaps(hits);
  }
}
