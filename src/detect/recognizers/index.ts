import { resolveOverlaps, type Detection, type Detector, type Recognizer } from "../base.js";
import { asciiDigits } from "../vault/normalize.js";
import { AbaRecognizer } from "./aba.js";
import { AccountRecognizer } from "./account.js";
import { CanaryRecognizer } from "./canary.js";
import { CardRecognizer } from "./card.js";
import { DateRecognizer } from "./date.js";
import { EmailRecognizer } from "./email.js";
import { Icd10Recognizer } from "./icd10.js";
import { IbanRecognizer } from "./iban.js";
import { IpRecognizer } from "./ip.js";
import { MacRecognizer } from "./mac.js";
import { PhoneRecognizer, type PhoneRecognizerOptions } from "./phone.js";
import { SecretRecognizer } from "./secret.js";
import { SsnRecognizer } from "./ssn.js";
import { ProfiledRecognizer, TextProfile } from "./text-profile.js";

export { AbaRecognizer, AccountRecognizer, CanaryRecognizer, CardRecognizer, DateRecognizer, EmailRecognizer };
export { Icd10Recognizer, IbanRecognizer, IpRecognizer, MacRecognizer, PhoneRecognizer, SecretRecognizer, SsnRecognizer };
export { ProfiledRecognizer, TextProfile };
export type { PhoneRecognizerOptions };

/** The built-in recognizers, most specific first (ties in overlap resolution keep the earlier one). */
export function defaultRecognizers(phone: PhoneRecognizerOptions = {}): Recognizer[] {
  return [
    new CanaryRecognizer(),
    new SecretRecognizer(),
    new EmailRecognizer(),
    new IbanRecognizer(),
    new CardRecognizer(),
    new SsnRecognizer(),
    new AbaRecognizer(),
    new AccountRecognizer(),
    new PhoneRecognizer(phone),
    new IpRecognizer(),
    new MacRecognizer(),
    new DateRecognizer(),
    new Icd10Recognizer(),
  ];
}

/** Error from one recognizer; the guard treats it as a detection failure and redacts (fail closed). */
export class RecognizerError extends Error {
  constructor(
    readonly recognizer: string,
    cause: unknown,
  ) {
    super(`recognizer "${recognizer}" failed`, { cause });
    this.name = "RecognizerError";
  }
}

/** Runs every recognizer on the text (sharing one TextProfile) and keeps non-overlapping hits; any recognizer error propagates. */
export function recognizerDetector(recognizers: readonly Recognizer[] = defaultRecognizers()): Detector {
  return {
    name: "recognizers",
    detect(written: string): Detection[] {
      const all: Detection[] = [];
      // Digits of other scripts (`١٢٣-٤٥-٦٧٨٩`) read as the ASCII ones the patterns know; offsets are the same.
      const text = asciiDigits(written);
      const profile = new TextProfile(text);
      for (const recognizer of recognizers) {
        try {
          const found = recognizer instanceof ProfiledRecognizer ? recognizer.detectIn(profile) : recognizer.detect(text);
          for (const detection of found) all.push(detection);
        } catch (error) {
          throw new RecognizerError(recognizer.name, error);
        }
      }
      return resolveOverlaps(all);
    },
  };
}
