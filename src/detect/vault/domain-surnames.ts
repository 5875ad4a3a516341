/**
 * A registered person's surname run together with other letters in a domain name (round 18 red team: `@whitfieldlaw.com` of a
 * client Tamara Whitfield, `www.pruittdefense.com` of Harold Pruitt; round 16: `@vasquezholdings.com`): models sign letters with
 * a firm's address built from a party's name. The domain is one word to the name matcher, which finds a surname only as a
 * label of its own (`@whitfield.com`). A Detector over the guard's vault: a domain label that opens with a registered surname
 * and goes on in letters gives that surname (role `surname`).
 */
import type { Detection, Detector } from "../base.js";
import { derivedFromEntries } from "./entries-memo.js";
import { entriesBySurname, SURNAME_CONFIDENCE } from "./names.js";
import type { VaultEntry } from "./vault.js";
import { isDictionaryWord } from "./words.js";

/** Shorter surnames (`Lee`, `Ng`) open too many words (`leeway`, `legal`). */
const MIN_SURNAME = 4;
/** A host name: labels of letters, digits and hyphens joined by dots, ending in a common top-level domain (not a file's extension: `martinez-deposition.pdf`). */
const HOST = /(?<=@|\/\/|\b)(?:[a-z0-9][a-z0-9-]*\.)+(?:com|org|net|edu|gov|law|legal|us|io|co|biz|info|uk|ca|au)\b(?![.-]?[a-z0-9])/gi;
const HOST_HINT = /[a-z0-9]\.(?:com|org|net|edu|gov|law|legal|us|io|co|biz|info|uk|ca|au)\b/i;

/** Each surname of letters alone, long enough to tell in a domain, beside the first entry with it. */
function letterSurnamesOf(all: readonly VaultEntry[]): Map<string, VaultEntry> {
  return entriesBySurname(all, (surname) => /^[a-z]+$/.test(surname) && surname.length >= MIN_SURNAME);
}

/** Detects registered surnames run together with other letters in a domain's labels among the name entries of `entries()` (read at each call). */
export function domainSurnameDetector(entries: () => readonly VaultEntry[]): Detector {
  const bySurname = derivedFromEntries(entries, letterSurnamesOf);
  return {
    name: "domain-surnames",
    detect(text: string): Detection[] {
      const surnames = bySurname();
      if (surnames.size === 0 || !HOST_HINT.test(text)) return [];
      const found: Detection[] = [];
      for (const host of text.matchAll(HOST)) {
        // Every label but the top-level domain (`whitfieldlaw` of `whitfieldlaw.com`, `pruitt` of `mail.pruitt-defense.org` is the matcher's).
        let labelStart = host.index;
        for (const label of host[0].split(".").slice(0, -1)) {
          const lower = label.toLowerCase();
          // Each start of the label a surname could be, letters going on after it: a lookup each, whatever the vault's size.
          for (let length = MIN_SURNAME; length < lower.length; length++) {
            const entry = /[a-z]/.test(lower.charAt(length)) ? surnames.get(lower.slice(0, length)) : undefined;
            // A surname that is a word opens other words and names (`hallmark`, `westlaw`, `martindale`, `parking`): never taken.
            if (entry && !isDictionaryWord(lower.slice(0, length))) found.push({ start: labelStart, end: labelStart + length, field: entry.field, kind: entry.kind, valueType: entry.valueType, tier: 1, confidence: SURNAME_CONFIDENCE, source: "vault", value: entry.value, role: "surname" });
          }
          labelStart += label.length + 1;
        }
      }
      return found;
    },
  };
}
