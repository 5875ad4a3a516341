import { describe, expect, it } from "vitest";
import type { Recognizer } from "../../../src/detect/base.js";
import {
  defaultRecognizers,
  EmailRecognizer,
  RecognizerError,
  recognizerDetector,
  SsnRecognizer,
} from "../../../src/detect/recognizers/index.js";

const detector = recognizerDetector(defaultRecognizers());

describe("recognizerDetector", () => {
  it("has one recognizer per kind of the issue, one for MAC addresses (which piiMiddleware redacts too) and one for credentials", () => {
    expect(defaultRecognizers().map((r) => r.kind).sort()).toEqual(
      ["aba", "account", "canary", "card", "date", "email", "icd10", "iban", "ip", "mac", "phone", "secret", "ssn"].sort(),
    );
  });

  it("finds every kind in one message, without overlaps, sorted by start", () => {
    const text = [
      "Name: Ryan Wilson, SSN: 121-83-2523, DOB: July 28, 1957,",
      "card 4111 1111 1111 1111, IBAN DE89370400440532013000, routing 021000021,",
      "account BQTS31878104802835, phone (894)764-7436x713, mail ryan@example.com,",
      "host 10.0.0.7, ICD-10 E11.9, token CANARY_SSN_754B6934.",
    ].join(" ");
    const hits = detector.detect(text);
    expect(hits.map((d) => [d.kind, text.slice(d.start, d.end)])).toEqual([
      ["ssn", "121-83-2523"],
      ["date", "July 28, 1957"],
      ["card", "4111 1111 1111 1111"],
      ["iban", "DE89370400440532013000"],
      ["aba", "021000021"],
      ["account", "BQTS31878104802835"],
      ["phone", "(894)764-7436x713"],
      ["email", "ryan@example.com"],
      ["ip", "10.0.0.7"],
      ["icd10", "E11.9"],
      ["canary", "CANARY_SSN_754B6934"],
    ]);
    for (let i = 1; i < hits.length; i++) expect(hits[i].start).toBeGreaterThanOrEqual(hits[i - 1].end);
  });

  it("reads digits of other scripts as ASCII digits, with the offsets of the text as written", () => {
    const ascii = "SSN: 121-83-2523, card 4111 1111 1111 1111";
    for (const [zero, script] of [[0x660, "Arabic-Indic"], [0x6f0, "Eastern Arabic-Indic"], [0x966, "Devanagari"]] as const) {
      const text = ascii.replace(/\d/g, (digit) => String.fromCharCode(zero + Number(digit)));
      expect(detector.detect(text).map((d) => [d.kind, d.start, d.end]), script).toEqual(detector.detect(ascii).map((d) => [d.kind, d.start, d.end]));
    }
    expect(detector.detect("SSN: ١٢١-٨٣-٢٥٢٣").map((d) => d.kind)).toEqual(["ssn"]);
    // Digits alone are no identifier: a year or a count in Arabic-Indic digits stays.
    expect(detector.detect("في عام ٢٠٢٦ كان هناك ١٥ موظفا")).toEqual([]);
  });

  it("keeps the longer span when recognizers overlap", () => {
    const text = "account DE89370400440532013000";
    expect(detector.detect(text).map((d) => d.kind)).toEqual(["iban"]);
  });

  it("finds nothing in plain agent chatter", () => {
    const text = "A1 asked A2 to schedule step 3 of 5 in 2026; see section 4.2 and the Q3 report (page 12).";
    expect(detector.detect(text)).toEqual([]);
  });

  it("propagates a recognizer failure with its name (the guard then fails closed)", () => {
    const failing: Recognizer = Object.assign(new EmailRecognizer(), {
      detect(): never {
        throw new Error("boom");
      },
    });
    const detect = () => recognizerDetector([new SsnRecognizer(), failing]).detect("a@b.co 121-83-2523");
    expect(detect).toThrow(RecognizerError);
    expect(detect).toThrow(/"email"/);
  });
});
