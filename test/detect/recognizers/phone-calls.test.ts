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

describe("PhoneRecognizer options", () => {
  it("rejects a country libphonenumber does not know, and accepts lower case", () => {
    expect(() => new PhoneRecognizer({ defaultCountry: "ZZ" })).toThrow();
    expect(new PhoneRecognizer({ defaultCountry: "gb" }).detect("ring 020 7946 0958")).toHaveLength(1);
  });
});
