import { describe, expect, it } from "vitest";
import { DateRecognizer, isCalendarDate } from "../../../src/detect/recognizers/date.js";
import { found, itReportsItsIdentity, itTerminatesOnAdversarialInput } from "./helpers.js";

const date = new DateRecognizer();

describe("DateRecognizer", () => {
  it("finds a date in every supported layout", () => {
    for (const layout of [
      "1957-07-28",
      "1957/07/28",
      "1957.07.28",
      "07/28/1957",
      "28/07/1957",
      "28.07.1957",
      "28-07-1957",
      "7/28/1957",
      "07/28/57",
      "July 28, 1957",
      "July 28 1957",
      "Jul. 28th 1957",
      "Sept 3rd, 1957",
      "28 Jul 1957",
      "28th of July, 1957",
      "28-Jul-1957",
      "28 july 1957",
    ]) {
      expect(found(date, `DOB: ${layout}.`)).toEqual([layout]);
    }
  });

  it("reports exact offsets", () => {
    const text = "Born July 28, 1957; visit 2026-01-06";
    expect(date.detect(text).map((d) => [d.start, d.end])).toEqual([
      [5, 18],
      [26, 36],
    ]);
  });

  // Round 7 red team: `labs 01/28/2026-01/30/2026` passed whole, a bare dash joining two dates read as one longer number.
  it("finds both dates of a range joined by a bare dash or slash", () => {
    expect(found(date, "labs 01/28/2026-01/30/2026; interval 2026-02-16/2026-02-20")).toEqual(["01/28/2026", "01/30/2026", "2026-02-16", "2026-02-20"]);
    expect(found(date, "1/14/2026-1234 or 12-01-2026-3")).toEqual([]);
  });

  // Round 11 red team: `{"when":"2026-03-12T08:30"}` stayed real beside the same hearing date moved in prose, which gave the shift away.
  it("finds the date of an ISO 8601 date and time, not one glued to other letters", () => {
    expect(found(date, '{"when":"2026-03-12T08:30", "at": "2026-03-13T08:30:00Z"}')).toEqual(["2026-03-12", "2026-03-13"]);
    expect(found(date, "2026-03-12Tx 2026-03-12TZ 2026-03-12x")).toEqual([]);
  });

  it("rejects impossible dates and numbers that are not dates", () => {
    for (const text of [
      "13/45/2020",
      "2020-13-01",
      "2021-02-29",
      "February 30, 2020",
      "31 Apr 2020",
      "CASE-2021-544238",
      "in 1957 alone",
      "v1957-07-28-3",
      "12/2020",
      "0/0/2020",
    ]) {
      expect(found(date, text)).toEqual([]);
    }
  });

  it("knows leap years", () => {
    expect(isCalendarDate({ year: 2024, month: 2, day: 29 })).toBe(true);
    expect(isCalendarDate({ year: 1900, month: 2, day: 29 })).toBe(false);
    expect(isCalendarDate({ year: 2000, month: 2, day: 29 })).toBe(true);
  });

  itReportsItsIdentity(date, "1957-07-28");
  itTerminatesOnAdversarialInput(date);
});
