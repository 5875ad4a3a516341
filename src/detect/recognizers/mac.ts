import type { Detection } from "../base.js";
import { recognizerHit } from "./detection.js";
import { allMatches } from "./matches.js";
import { ProfiledRecognizer, type TextProfile } from "./text-profile.js";

/** Six hex pairs joined by one separator throughout (`74:af:61:01:f8:d2`, `74-AF-61-01-F8-D2`), or three dotted quads (`74af.6101.f8d2`); fixed-length groups: linear time. */
const MAC_SHAPE = /(?<![\w:.-])(?:[0-9A-Fa-f]{2}([:-])(?:[0-9A-Fa-f]{2}\1){4}[0-9A-Fa-f]{2}|[0-9A-Fa-f]{4}\.[0-9A-Fa-f]{4}\.[0-9A-Fa-f]{4})(?![\w:]|[.-]\w)/g;
/** Texts with no hex pair between two separators (`:af:`, `-AF-`) or hex quad between two dots hold no MAC address; a scan that starts at a separator is quick. */
const MAC_HINT = /[:-][0-9A-Fa-f]{2}[:-]|\.[0-9A-Fa-f]{4}\./;
/** All zeros and the broadcast address name no device. */
const NO_DEVICE = /^(?:0+|f+)$/i;

/**
 * MAC addresses (EUI-48), the device identifiers LangChain's piiMiddleware also redacts: in the
 * usual colon, hyphen and dotted layouts, one separator throughout; all zeros and broadcast left alone.
 */
export class MacRecognizer extends ProfiledRecognizer {
  readonly name = "mac";
  readonly kind = "mac";
  readonly valueType = "format" as const;

  detectIn({ text, hasDigit }: TextProfile): Detection[] {
    if (!hasDigit || !MAC_HINT.test(text)) return [];
    const hits: Detection[] = [];
    for (const m of allMatches(MAC_SHAPE, text)) {
      if (NO_DEVICE.test(m[0].replace(/[:.-]/g, ""))) continue;
      hits.push(recognizerHit(this, m.index, m.index + m[0].length, 0.85));
    }
    return hits;
  }
}
