import { isIP } from "node:net";
import { resolveOverlaps, type Detection, type Recognizer } from "../base.js";
import { recognizerHit } from "./detection.js";

/** Dotted quad not inside a longer dotted number (versions such as 1.2.3.4.5). */
const IPV4_SHAPE = /(?<![\w.]|\d\.)(?:\d{1,3}\.){3}\d{1,3}(?!\.?\d|\w)/g;

/** Up to 8 hex groups with "::" compression and an optional IPv4 tail; node:net decides. */
const IPV6_SHAPE = /(?<![\w:.])(?:[0-9A-Fa-f]{0,4}:){2,7}(?:[0-9A-Fa-f]{1,4}|(?:\d{1,3}\.){3}\d{1,3})?(?![\w:]|\.\w)/g;

/** Every IPv6 address has "::" or a hex group between two colons; most texts have neither. */
const IPV6_HINT = /::|:[0-9A-Fa-f]{1,4}:/;

/** IPv4 and IPv6 addresses, validated by node:net (octets <= 255, group counts, one "::"). */
export class IpRecognizer implements Recognizer {
  readonly name = "ip";
  readonly kind = "ip";
  readonly valueType = "format" as const;

  detect(text: string): Detection[] {
    const hits: Detection[] = [];
    for (const m of text.matchAll(IPV4_SHAPE)) {
      if (isIP(m[0]) === 4) hits.push(recognizerHit(this, m.index, m.index + m[0].length, 0.85));
    }
    if (!IPV6_HINT.test(text)) return hits;
    // An IPv4-mapped IPv6 address contains an IPv4 match; keep the whole address.
    for (const m of text.matchAll(IPV6_SHAPE)) {
      // A digit rules out words and times that parse as IPv6 ("add::b"); time "12:30:45" fails isIP.
      if (/\d/.test(m[0]) && isIP(m[0]) === 6) hits.push(recognizerHit(this, m.index, m.index + m[0].length, 0.85));
    }
    return resolveOverlaps(hits);
  }
}
