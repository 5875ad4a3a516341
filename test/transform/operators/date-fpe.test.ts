import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseDate } from "../../../src/detect/vault/dates.js";
import { deriveKeys } from "../../../src/crypto/keys.js";
import { createRecons } from "../../../src/guard.js";
import { createFf1Operator } from "../../../src/transform/operators/ff1.js";
import { readDate, writeDate } from "../../../src/transform/operators/date-layout.js";

const fpe = createFf1Operator(deriveKeys("date-fpe-test").fpe);
const apply = (value: string, registered?: string) => fpe.apply({ value, field: "dob", kind: "date", valueType: "format", registered }) as { text: string };
const reverse = (text: string, registered?: string) => fpe.reverse!(text, { field: "dob", kind: "date", valueType: "format", registered });

/** The date a full written form shows, as ISO text (null when it is not one). */
function isoOf(text: string): string | null {
  const read = readDate(text);
  if (!read || read.parts.year === undefined || read.parts.month === undefined || read.parts.day === undefined) return null;
  const { year, month, day } = read.parts;
  return parseDate(`${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`) ? `${year}-${month}-${day}` : null;
}

describe("a date written in another language (month names from Intl: CLDR)", () => {
  const guard = createRecons({ secret: "date-locales", vault: { dob: "1957-07-28" }, policy: { fields: { dob: { kind: "date", authorized: ["nurse"] } } } });
  const date = new Date(Date.UTC(1957, 6, 28));

  it.each(["es", "fr", "de", "it", "pt", "nl"])("%s: found, shown as another date in that language's layout, restored for the authorized reader", (locale) => {
    const text = `DOB: ${new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" }).format(date)}.`;
    const shown = guard.sanitizeSync({ channel: "C2", content: text, recipient: "clerk" }).content;
    expect(shown).not.toMatch(/28|1957/);
    // The same words between day, month and year (`de`, a dotted day), the month named in a language.
    expect(shown.replace(/\d+/g, "N").replace(/\p{L}+/gu, "w")).toBe(text.replace(/\d+/g, "N").replace(/\p{L}+/gu, "w"));
    // The surrogate date of every other form of the date.
    expect(isoOf(shown.slice("DOB: ".length, -1))).toBe(isoOf(guard.sanitizeSync({ channel: "C2", content: "July 28, 1957", recipient: "clerk" }).content));
    const stored = guard.sanitizeSync({ channel: "C5", content: text }, { reversible: true }).content;
    const restored = guard.restore(stored, "nurse", "C5");
    // A surrogate month Spanish and Portuguese share (`agosto`) comes back in Spanish.
    expect(locale === "pt" ? isoOf(restored.slice("DOB: ".length, -1)) : restored).toBe(locale === "pt" ? "1957-7-28" : text);
  });

  it("finds the day and month alone (a birthday), not those of another year's date", () => {
    for (const text of ["cumpleaños el 28 de julio", "anniversaire le 28 juillet", "Geburtstag am 28. Juli", "compleanno il 28 luglio."]) {
      const shown = guard.sanitizeSync({ channel: "C2", content: text, recipient: "clerk" }).content;
      expect(shown).not.toMatch(/28/);
      const stored = guard.sanitizeSync({ channel: "C5", content: text }, { reversible: true }).content;
      expect(guard.restore(stored, "nurse", "C5")).toBe(text);
    }
    for (const text of ["el 28 de julio de 2024", "le 28 juillet 2024", "July 28 of 2024"]) expect(guard.sanitizeSync({ channel: "C2", content: text, recipient: "clerk" }).content).toBe(text);
  });

  it("reads and writes the French first of the month and a German dotted day", () => {
    expect(readDate("1er juillet 1957")?.parts).toEqual({ year: 1957, month: 7, day: 1 });
    expect(writeDate({ year: 1996, month: 8, day: 1 }, readDate("1er juillet 1957")!.layout)).toBe("1er août 1996");
    expect(writeDate({ year: 1996, month: 8, day: 18 }, readDate("1er juillet 1957")!.layout)).toBe("18 août 1996");
    expect(writeDate({ year: 1996, month: 8, day: 18 }, readDate("28. Juli 1957")!.layout)).toBe("18. August 1996");
    expect(writeDate({ year: 1996, month: 8, day: 18 }, readDate("28 juli 1957")!.layout)).toBe("18 augustus 1996");
  });

  it("writes a month name several languages share in English where the month comes first or the day is spelled out", () => {
    // `april` is Dutch and German too, but they write the day first and in digits.
    expect(writeDate({ year: 2025, month: 5, day: 12 }, readDate("april 18 1936")!.layout)).toBe("may 12 2025");
    expect(writeDate({ year: 1965, month: 8, day: 22 }, readDate("tenth april 2074")!.layout)).toBe("twenty-second august 1965");
    expect(writeDate({ year: 2025, month: 5, day: 12 }, readDate("18 april 1936")!.layout)).toBe("12 mei 2025");
  });

  it("writes May glued between digits as the abbreviation other months get there", () => {
    expect(writeDate({ year: 2025, month: 7, day: 20 }, readDate("16MAY2068")!.layout)).toBe("20JUL2025");
    expect(writeDate({ year: 2025, month: 7, day: 20 }, readDate("May 16, 2068")!.layout)).toBe("July 20, 2025");
  });
});

describe("date FPE: another valid date, written the same way", () => {
  it.each([
    ["1957-07-28", /^\d{4}-\d{2}-\d{2}$/],
    ["07/28/1957", /^\d{2}\/\d{1,2}\/\d{4}$|^\d{1,2}\/\d{2}\/\d{4}$/],
    ["July 28, 1957", /^[A-Z][a-z]+ \d{1,2}, \d{4}$/],
    ["Jul. 28th, 1957", /^[A-Z][a-z]{2,3}\. \d{1,2}(st|nd|rd|th), \d{4}$/],
    ["28 JULY 1957", /^\d{1,2} [A-Z]+ \d{4}$/],
    ["28th of July 1957", /^\d{1,2}(st|nd|rd|th) of [A-Z][a-z]+ \d{4}$/],
    ["19570728", /^\d{8}$/],
  ])("%s", (written, layout) => {
    const surrogate = apply(written, "1957-07-28").text;
    expect(surrogate).toMatch(layout);
    expect(surrogate).not.toBe(written);
    if (written !== "19570728") expect(isoOf(surrogate)).not.toBeNull();
    expect(apply(written, "1957-07-28").text).toBe(surrogate);
    expect(reverse(surrogate, "1957-07-28")).toBe(written);
  });

  it("shows one surrogate date for every form of a registered date, partial forms included", () => {
    const iso = apply("1957-07-28").text;
    const [year, month, day] = iso.split("-").map(Number);
    const monthName = new Date(Date.UTC(2000, month - 1, 1)).toLocaleString("en-US", { month: "long", timeZone: "UTC" });
    expect(apply("July 28, 1957", "1957-07-28").text).toBe(`${monthName} ${day}, ${year}`);
    expect(apply("July 28", "1957-07-28").text).toBe(`${monthName} ${day}`);
    expect(apply("July 1957", "1957-07-28").text).toBe(`${monthName} ${year}`);
    expect(apply("1957", "1957-07-28").text).toBe(String(year));
    expect(reverse(`${monthName} ${day}`, "1957-07-28")).toBe("July 28");
  });

  it("keeps the writer's day-first order where the registered date shows it (05/03/2024 for March 5)", () => {
    const surrogate = apply("05/03/2024", "2024-03-05").text;
    const [year, month, day] = apply("2024-03-05").text.split("-").map(Number);
    expect(surrogate).toMatch(new RegExp(`^0?${day}/0?${month}/${year}$`));
    // The same date, day first; its zero padding comes back only where the surrogate could show it (a day or month below 10).
    expect(reverse(surrogate, "2024-03-05")).toMatch(/^0?5\/0?3\/2024$/);
  });

  it("is a permutation of dates: every date enciphers to a valid date that deciphers back", () => {
    fc.assert(
      fc.property(fc.date({ min: new Date("1000-01-01T00:00:00Z"), max: new Date("3700-12-31T00:00:00Z"), noInvalidDate: true }), (date) => {
        const iso = date.toISOString().slice(0, 10);
        const surrogate = apply(iso).text;
        expect(isoOf(surrogate)).not.toBeNull();
        expect(reverse(surrogate)).toBe(iso);
      }),
      { numRuns: 200 },
    );
  });

  it("keeps a date of 1900-2099 in those years and one outside them outside (a birth date does not become 1038)", () => {
    fc.assert(
      fc.property(fc.date({ min: new Date("1000-01-01T00:00:00Z"), max: new Date("3700-12-31T00:00:00Z"), noInvalidDate: true }), (date) => {
        const iso = date.toISOString().slice(0, 10);
        const plausible = (text: string) => Number(text.slice(0, 4)) >= 1900 && Number(text.slice(0, 4)) <= 2099;
        expect(plausible(apply(iso).text)).toBe(plausible(iso));
      }),
      { numRuns: 200 },
    );
    expect(apply("November 9, 2017", "2017-11-09").text).toMatch(/^[A-Z][a-z]+ \d{1,2}, (19|20)\d\d$/);
  });

  it("needs the registered date for a partial form (else the guard redacts), and leaves dates outside 1000-3737 to the generic cipher", () => {
    expect(() => apply("July 28")).toThrow(/in part/);
    const far = apply("9999-12-31").text;
    expect(far).not.toBe("9999-12-31");
    expect(reverse(far)).toBe("9999-12-31");
  });

  it("reads and writes the layouts it knows", () => {
    const read = readDate("Sept. 5th, 2024")!;
    expect(read.parts).toEqual({ year: 2024, month: 9, day: 5 });
    expect(writeDate({ year: 2011, month: 3, day: 1 }, read.layout)).toBe("Mar. 1st, 2011");
    expect(readDate("05/3/2024")!.layout.padded).toBe(true);
    expect(readDate("Call 555 today")).toBeNull();
  });

  it("reads a day spelled as an ordinal and writes another one the same way (case, hyphen or space)", () => {
    expect(readDate("the seventeenth of June, 1971")!.parts).toEqual({ year: 1971, month: 6, day: 17 });
    expect(readDate("June Twenty-First, 2020")!.parts).toEqual({ year: 2020, month: 6, day: 21 });
    const write = (text: string, day: number) => writeDate({ year: 2011, month: 3, day }, readDate(text)!.layout);
    expect(write("the seventeenth of June, 1971", 21)).toBe("the twenty-first of March, 2011");
    expect(write("June Twenty-First, 2020", 30)).toBe("March Thirtieth, 2011");
    expect(write("Seventeenth June 1971", 22)).toBe("Twenty-second March 2011");
    expect(write("TWENTY FIRST JUNE 2020", 2)).toBe("SECOND MARCH 2011");
    expect(write("twenty first of june", 23)).toBe("twenty third of march");
    // Spelled without a month, it is a word: `the seventeenth 1971` is no date.
    expect(readDate("twenty-ninth 1999")).toBeNull();
  });
});

describe("dates through the guard", () => {
  const guard = createRecons({ secret: "date-guard", vault: { dob: "1957-07-28" }, policy: { fields: { dob: { authorized: ["doctor"] } } } });

  it.each([
    ["born on the ", "twenty-eighth of July, 1957"],
    ["born ", "July Twenty-Eighth, 1957"],
    ["DOB: ", "twenty eighth July 1957"],
    ["her birthday is ", "July twenty-eighth"],
  ])("%s%s: the spelled day is enciphered with the month and year, and comes back whole", (before, date) => {
      const text = before + date;
      const other = guard.sanitizeSync({ channel: "C2", content: text, recipient: "clerk" }).content as string;
      expect(other).not.toMatch(/twenty.?eighth|july|1957/i);
      expect(other.startsWith(before)).toBe(true);
      expect(readDate(other.slice(before.length))?.parts).toEqual(expect.objectContaining({ day: expect.any(Number), month: expect.any(Number) }));
      const stored = guard.sanitizeSync({ channel: "C5", content: text }, { reversible: true }).content;
      // Where the surrogate day is one word (`third`), the case and joiner of the real one's second part are not in it (`Twenty-Eighth` comes back `Twenty-eighth`), as zero padding is not in `3`.
      const loose = (written: string) => written.toLowerCase().replace(/-/g, " ");
      expect(loose(guard.sanitizeSync({ channel: "C5", content: stored, recipient: "doctor" }).content as string)).toBe(loose(text));
  });

  it("leaves another day's date alone: a spelled day before the month and year is not the registered month", () => {
    for (const text of ["the twenty-ninth of July, 1957 was a Monday", "the tenth of July 1957"]) {
      expect(guard.sanitizeSync({ channel: "C2", content: text, recipient: "clerk" }).content).toBe(text);
    }
  });

  it.each(["DOB: Jul. 28th, 1957", "born JULY 28 1957", "birthday July 28", "dob 7/28/1957", "dob 1957-07-28T00:00:00Z", "born 19570728"])(
    "%s: an unauthorized reader gets a valid date, the authorized one the text back from shared state",
    (text) => {
      const other = guard.sanitizeSync({ channel: "C2", content: text, recipient: "clerk" }).content;
      expect(other).not.toBe(text);
      expect(other).not.toMatch(/1957|July 28|Jul\. 28/i);
      const stored = guard.sanitizeSync({ channel: "C5", content: text }, { reversible: true }).content;
      expect(guard.sanitizeSync({ channel: "C5", content: stored, recipient: "doctor" }).content).toBe(text);
    },
  );
});
