/**
 * A phone's extension after `#` (`415-662-0931 #2207`, `Callback: ... #632`): round 8 red team, an
 * office's way to write it kept the real extension beside the surrogate number; and after `ext.`, `extension` or `x`, apart
 * from its number (`Call extension 21`: round 21 red team). The vault's forms cannot hold it (`#` is a separator, and a few bare
 * digits are anyone's): after the mark, the digits of a registered phone's extension (leading zeros or not) are that phone's
 * (role `phone-extension`).
 */
import type { Detection, Detector } from "../base.js";
import { derivedFromEntries } from "./entries-memo.js";
import { phoneExtension } from "./phones.js";
import type { VaultEntry } from "./vault.js";

const EXTENSION_CONFIDENCE = 0.7;
/** Digits after `#` that can be an extension (two are anyone's: `#12` is an item); after a word for it, two. */
const MIN_HASH_EXTENSION_DIGITS = 3;
const MIN_EXTENSION_DIGITS = 2;
/** An extension's mark (group 1) and digits (group 2). */
const MARKED_EXTENSION = /(#|\bext\.?|\bextension|\bx)[ \t]?(\d+)(?![\d.,]\d|\d)/gi;
const EXTENSION_MARK = /#|\bext|\bx\d/i;

/** Each phone's extension without its leading zeros, beside its entry. */
function extensionsOf(all: readonly VaultEntry[]): Array<{ entry: VaultEntry; digits: string }> {
  return all.flatMap((entry) => {
    const extension = entry.kind === "phone" ? phoneExtension(entry.value) : null;
    return extension === null ? [] : [{ entry, digits: extension.replace(/^0+(?=\d)/, "") }];
  });
}

/** Detects registered phones' extensions written after `#`. */
export function phoneExtensionDetector(entries: () => readonly VaultEntry[]): Detector {
  const registered = derivedFromEntries(entries, extensionsOf);
  return {
    name: "phone-extensions",
    detect(text: string): Detection[] {
      const phones = registered();
      if (phones.length === 0 || !EXTENSION_MARK.test(text)) return [];
      const found: Detection[] = [];
      for (const match of text.matchAll(MARKED_EXTENSION)) {
        const digits = match[2].replace(/^0+(?=\d)/, "");
        if (match[2].length < (match[1] === "#" ? MIN_HASH_EXTENSION_DIGITS : MIN_EXTENSION_DIGITS)) continue;
        const phone = phones.find((candidate) => candidate.digits === digits);
        if (!phone) continue;
        const { entry } = phone;
        found.push({ start: match.index, end: match.index + match[0].length, field: entry.field, kind: entry.kind, valueType: entry.valueType, tier: 1, confidence: EXTENSION_CONFIDENCE, source: "vault", value: entry.value, role: "phone-extension" });
      }
      return found;
    },
  };
}
