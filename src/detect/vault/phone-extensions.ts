/**
 * A phone's extension after `#` (`415-662-0931 #2207`, `Callback: ... #632`): round 8 red team, an
 * office's way to write it kept the real extension beside the surrogate number. The vault's forms cannot
 * hold it (`#` is a separator, and four bare digits are anyone's): after the mark, the digits of a
 * registered phone's extension (three or more, leading zeros or not) are that phone's (role `phone-extension`).
 */
import type { Detection, Detector } from "../base.js";
import { derivedFromEntries } from "./entries-memo.js";
import { phoneExtension } from "./phones.js";
import type { VaultEntry } from "./vault.js";

const EXTENSION_CONFIDENCE = 0.7;
const MIN_EXTENSION_DIGITS = 3;
const HASH_EXTENSION = /#[ \t]?(\d+)(?![\d.,]\d|\d)/g;

/** Detects registered phones' extensions written after `#`. */
export function phoneExtensionDetector(entries: () => readonly VaultEntry[]): Detector {
  // Each phone's extension without its leading zeros, beside its entry.
  const registered = derivedFromEntries(entries, (all) =>
    all.flatMap((entry) => {
      const extension = entry.kind === "phone" ? phoneExtension(entry.value) : null;
      return extension === null ? [] : [{ entry, digits: extension.replace(/^0+(?=\d)/, "") }];
    }),
  );
  return {
    name: "phone-extensions",
    detect(text: string): Detection[] {
      const phones = registered();
      if (phones.length === 0 || !text.includes("#")) return [];
      const found: Detection[] = [];
      for (const match of text.matchAll(HASH_EXTENSION)) {
        const digits = match[1].replace(/^0+(?=\d)/, "");
        if (match[1].length < MIN_EXTENSION_DIGITS) continue;
        const phone = phones.find((candidate) => candidate.digits === digits);
        if (!phone) continue;
        const { entry } = phone;
        found.push({ start: match.index, end: match.index + match[0].length, field: entry.field, kind: entry.kind, valueType: entry.valueType, tier: 1, confidence: EXTENSION_CONFIDENCE, source: "vault", value: entry.value, role: "phone-extension" });
      }
      return found;
    },
  };
}
