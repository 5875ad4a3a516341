import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Detection, Recognizer } from "../../../src/detect/base.js";
import { defaultRecognizers, EmailRecognizer, ProfiledRecognizer, recognizerDetector, TextProfile } from "../../../src/detect/recognizers/index.js";

/** A profile that claims every fact, so no recognizer may skip the text. */
class PermissiveProfile extends TextProfile {
  override get hasDigit(): boolean {
    return true;
  }

  override get hasLongDigitRun(): boolean {
    return true;
  }
}

/** Strings dense in the values recognizers look for and the characters that break or join them. */
const VALUES = ["call 555-0174", "121-83-2523", "4111 1111 1111 1111", "routing 021000021", "(894)764-7436x713", "1-343-719-2797", "+44 20 7946 0958", "10.0.0.7", "fe80::1", "2024-03-15", "July 28, 1957", "ACC-12345678", "E11.9", "CANARY_SSN_754B6934", "CF0EF75D", "DE89370400440532013000", "a@b.co"];
const PIECES = ["1", "5", "0", "-", " ", ".", "/", "(", ")", "+", ":", "x", "ext ", "th", ", ", "a", "\n"];
const soupText = fc
  .array(fc.oneof(fc.constantFrom(...PIECES), fc.constantFrom(...VALUES)), { maxLength: 30 })
  .map((pieces) => pieces.join(""));

/** Records the profile it is given. */
class ProbeRecognizer extends ProfiledRecognizer {
  readonly name = "probe";
  readonly kind = "probe";
  readonly valueType = "format" as const;
  readonly seen: TextProfile[] = [];

  detectIn(profile: TextProfile): Detection[] {
    this.seen.push(profile);
    return [];
  }
}

describe("TextProfile", () => {
  it("knows whether a text has a digit and a 7-digit run joined by short separators", () => {
    expect(new TextProfile("no numbers here").hasDigit).toBe(false);
    expect(new TextProfile("step 3 of 5 in 2026").hasDigit).toBe(true);
    expect(new TextProfile("step 3 of 5 in 2026").hasLongDigitRun).toBe(false);
    for (const text of ["4111 1111 1111 1111", "call 555-0174", "(894)764-7436", "SSN 121-83-2523", "+44 20 7946"]) {
      expect(new TextProfile(text).hasLongDigitRun).toBe(true);
    }
    expect(new TextProfile("12 34 56    7").hasLongDigitRun).toBe(false);
  });

  it("never makes a recognizer miss what it finds without the shortcut", () => {
    const profiled = defaultRecognizers().filter((r): r is ProfiledRecognizer => r instanceof ProfiledRecognizer);
    expect(profiled.length).toBeGreaterThan(5);
    fc.assert(
      fc.property(soupText, (text) => {
        for (const recognizer of profiled) {
          expect(recognizer.detectIn(new TextProfile(text))).toEqual(recognizer.detectIn(new PermissiveProfile(text)));
        }
      }),
      { numRuns: 300 },
    );
  });

  it("is built once per text and shared by the recognizer set; plain recognizers still get the text", () => {
    const first = new ProbeRecognizer();
    const second = new ProbeRecognizer();
    const plain: Recognizer = new EmailRecognizer();
    const detector = recognizerDetector([first, plain, second]);
    expect(detector.detect("mail a@b.co")).toMatchObject([{ kind: "email" }]);
    detector.detect("another text");
    expect(first.seen.map((p) => p.text)).toEqual(["mail a@b.co", "another text"]);
    expect(second.seen[0]).toBe(first.seen[0]);
    expect(second.seen[1]).toBe(first.seen[1]);
  });

  it("builds its own profile when a profiled recognizer is called alone", () => {
    const probe = new ProbeRecognizer();
    probe.detect("alone 12");
    expect(probe.seen).toHaveLength(1);
    expect(probe.seen[0].text).toBe("alone 12");
  });
});
