import fc from "fast-check";
import { findNumbers } from "libphonenumber-js/max";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { PhoneRecognizer } from "../../../src/detect/recognizers/phone.js";

/** Counts libphonenumber's findNumbers calls, the expensive step the phone recognizer avoids repeating. */
const calls = vi.hoisted(() => ({ findNumbers: 0 }));
vi.mock("libphonenumber-js/max", async (importOriginal) => {
  const actual = await importOriginal<typeof import("libphonenumber-js/max")>();
  return {
    ...actual,
    findNumbers: (...args: Parameters<typeof actual.findNumbers>) => {
      calls.findNumbers++;
      return actual.findNumbers(...args);
    },
  };
});

const spans = (phone: PhoneRecognizer, text: string) => phone.detect(text).map((d) => [d.start, d.end, d.confidence]);

describe("PhoneRecognizer libphonenumber calls", () => {
  beforeEach(() => {
    calls.findNumbers = 0;
  });

  it("asks libphonenumber once per candidate and reuses the answer", () => {
    const phone = new PhoneRecognizer();
    const text = "Phone: (894)764-7436x713, again (894)764-7436x713.";
    const first = spans(phone, text);
    expect(first).toHaveLength(2);
    expect(spans(phone, text)).toEqual(first);
    expect(calls.findNumbers).toBe(1);
  });

  it("asks every time without a cache, with the same answers", () => {
    const uncached = new PhoneRecognizer({ cacheSize: 0 });
    const text = "Phone: (894)764-7436x713 or 1-343-719-2797x6178.";
    expect(spans(uncached, text)).toEqual(spans(new PhoneRecognizer(), text));
    calls.findNumbers = 0;
    spans(uncached, text);
    spans(uncached, text);
    expect(calls.findNumbers).toBe(4);
  });

  it("keeps at most cacheSize answers, evicting the oldest", () => {
    const phone = new PhoneRecognizer({ cacheSize: 1 });
    for (const text of ["tel 794.307.0164", "tel 448.835.5054", "tel 794.307.0164"]) spans(phone, text);
    expect(calls.findNumbers).toBe(3);
  });

  it("skips plain dashed runs a North American default country cannot score, and only those", () => {
    const us = new PhoneRecognizer();
    for (const text of ["born 2024-03-15", "SSN 121-83-2523", "INS-43973597", "id 20240315 and 12345678901234"]) {
      expect(us.detect(text)).toEqual([]);
    }
    expect(calls.findNumbers).toBe(0);
    expect(spans(us, "call 794-307-0164")).toEqual([[5, 17, 0.85]]);
    expect(calls.findNumbers).toBe(1);
    spans(new PhoneRecognizer({ defaultCountry: "DK" }), "born 2024-03-15");
    expect(calls.findNumbers).toBe(2);
  });
});

describe("libphonenumber on plain dashed runs (what the North American shortcut relies on)", () => {
  it("finds nothing or the whole run, under calling code 1", () => {
    const plainDashedRun = fc
      .array(fc.stringMatching(/^\d{1,6}$/), { minLength: 1, maxLength: 4 })
      .map((groups) => `${1 + (groups[0].charCodeAt(0) % 9)}${groups.join("-")}`)
      .filter((run) => run.replace(/-/g, "").length <= 17);
    fc.assert(
      fc.property(plainDashedRun, fc.constantFrom("US", "CA"), (run, defaultCountry) => {
        // The recognizer's options; `leniency` is missing from the bundled typings.
        const options = { defaultCountry, v2: true as const, leniency: "POSSIBLE" };
        for (const found of findNumbers(run, options)) {
          expect([found.startsAt, found.endsAt, found.number.countryCallingCode]).toEqual([0, run.length, "1"]);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe("libphonenumber on runs of under 10 digits (what the North American short-run shortcut relies on)", () => {
  it("finds no full North American number (only invalid ones, or 7-digit local ones like 310-0000) when there is no '+' and no 011 prefix", () => {
    const separator = fc.constantFrom(" ", "-", ".", "\n", "\n\n", "/", ") ", " (", "-\n");
    const shortRun = fc
      .tuple(fc.array(fc.tuple(fc.stringMatching(/^\d{1,4}$/), separator), { minLength: 1, maxLength: 4 }), fc.constantFrom("", "x12", " ext. 4"), fc.boolean())
      .map(([groups, extension, opened]) => `${opened ? "(" : ""}${groups.map(([digits, sep]) => digits + sep).join("")}${extension}`.trim())
      .filter((run) => run.replace(/\D/g, "").length < 10 && !run.replace(/\D/g, "").includes("011"));
    fc.assert(
      fc.property(shortRun, fc.constantFrom("US", "CA"), (run, defaultCountry) => {
        const options = { defaultCountry, v2: true as const, leniency: "POSSIBLE" };
        for (const found of findNumbers(run, options)) {
          expect(found.number.countryCallingCode).toBe("1");
          // libphonenumber calls some 7-digit runs valid (`3 1 0 0000` -> +1 3100000): no area code, not a number to report.
          expect(found.number.isValid() && found.number.nationalNumber.length >= 10).toBe(false);
        }
      }),
      { numRuns: 500 },
    );
  });

  it("lets the recognizer skip them without changing what it finds", () => {
    calls.findNumbers = 0;
    const us = new PhoneRecognizer();
    for (const text of ["visit 2026-02-17\n\n3. Next", "- 94705516\n\n2. item", "local 555-1234.\n\n5", "case (2024-04-01)"]) {
      expect(us.detect(text)).toEqual([]);
    }
    expect(calls.findNumbers).toBe(0);
    expect(spans(us, "London +44 20 7946")).toEqual(spans(new PhoneRecognizer({ cacheSize: 0 }), "London +44 20 7946"));
    expect(spans(us, "dial 011 44 20 7946 0958")).toEqual([[5, 24, 0.95]]);
    expect(calls.findNumbers).toBeGreaterThan(0);
  });
});

describe("PhoneRecognizer options", () => {
  it("rejects a country libphonenumber does not know, and accepts lower case", () => {
    expect(() => new PhoneRecognizer({ defaultCountry: "ZZ" })).toThrow();
    expect(new PhoneRecognizer({ defaultCountry: "gb" }).detect("ring 020 7946 0958")).toHaveLength(1);
  });
});
