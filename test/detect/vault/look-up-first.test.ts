/**
 * Session 50: Detectors over the vault look a text's digit runs or words up among the registered values before they run their
 * phrase patterns (most texts hold none). Each form here is the only thing its text holds, at the edge of that look-up: found as
 * before, and a text without the registered digits or words finds nothing.
 */
import { describe, expect, it } from "vitest";
import { ageDetector } from "../../../src/detect/vault/ages.js";
import { categoryListDetector } from "../../../src/detect/vault/category-lists.js";
import { parseDate } from "../../../src/detect/vault/dates.js";
import { digitRunsOf, hasDigitRunIn } from "../../../src/detect/vault/digit-runs.js";
import { lastThreeDetector } from "../../../src/detect/vault/last-three.js";
import { referenceNumberDetector } from "../../../src/detect/vault/reference-numbers.js";
import { shortMaskDetector } from "../../../src/detect/vault/short-masks.js";
import { cellsOf } from "../../../src/detect/vault/table-cells.js";
import type { VaultEntry } from "../../../src/detect/vault/vault.js";
import type { Detector } from "../../../src/detect/base.js";

const id = (value: string, field = "id"): VaultEntry => ({ field, value, kind: "id", valueType: "format" });

/** The spans `detector` finds in `text`, as written. */
function foundIn(detector: Detector, text: string): string[] {
  return detector.detect(text).map((detection) => text.slice(detection.start, detection.end));
}

describe("a text's digit runs", () => {
  it("are its maximal runs of ASCII digits, in order, for each text asked", () => {
    expect(digitRunsOf("SSN 123-45-6789, ext. 0042")).toEqual(["123", "45", "6789", "0042"]);
    expect(digitRunsOf("no digits")).toEqual([]);
    // Another text after it gets its own (the last one is kept for the Detectors that read it next).
    expect(digitRunsOf("٣ and 7")).toEqual(["7"]);
    expect(hasDigitRunIn("ID ending in 939.", new Set(["939"]))).toBe(true);
    expect(hasDigitRunIn("ID 19390", new Set(["939"]))).toBe(false);
  });
});

describe("reference numbers: a run that begins as the registered number does", () => {
  const detector = referenceNumberDetector(() => [id("CASE-582"), id("DISP-718204", "dispute_id"), id("EMP-89217", "employee_id")]);

  it("finds the number padded with zeros in a file's name, split by a space, and glued to the prefix's letter", () => {
    expect(foundIn(detector, "attached ltr-0582.docx")).toEqual(["0582"]);
    expect(foundIn(detector, "case no. 718 204")).toEqual(["718 204"]);
    expect(foundIn(detector, "badge (E89217)")).toEqual(["89217"]);
  });

  it("finds nothing where no run begins so", () => {
    expect(foundIn(detector, "case no. 583; ltr-0583.docx; (E89218)")).toEqual([]);
  });
});

describe("last three digits and masked short tails and heads: the shown digits are a whole run", () => {
  it("finds a tail after the words that say so", () => {
    const detector = lastThreeDetector(() => [{ field: "ssn", value: "123-45-6789", kind: "ssn", valueType: "format" }]);
    expect(foundIn(detector, "SSN ending in 789")).toEqual(["789"]);
    expect(foundIn(detector, "SSN ending in 788")).toEqual([]);
  });

  it("reads only the lines holding a registered tail, and places what it finds in the whole text (session 51)", () => {
    const detector = lastThreeDetector(() => [{ field: "ssn", value: "123-45-6789", kind: "ssn", valueType: "format" }]);
    // CRLF lines, a phrase on a line of its own before its digits' line (no match spans lines), a tail on the last line without a break.
    const text = "Member record\r\nSSN ending in\r\n789 on file\r\ncard ending in 789\r\nlast 3 digits: 555\nID ***-789";
    expect(detector.detect(text).map((found) => found.start)).toEqual([text.indexOf("ending in 789") + "ending in ".length, text.lastIndexOf("789")]);
    expect(foundIn(detector, text)).toEqual(["789", "789"]);
  });

  it("finds a masked short tail and a head (the head is no registered tail)", () => {
    const detector = shortMaskDetector(() => [id("EMP-04582"), id("EMP-17345", "manager_id")]);
    expect(foundIn(detector, "badge EMP-XXX82")).toEqual(["82"]);
    expect(foundIn(detector, "badge EMP-17xxx")).toEqual(["17"]);
    const lines = "badge\r\nEMP-XXX\r\n82 then\r\nEMP-XXX82";
    expect(detector.detect(lines).map((found) => found.start)).toEqual([lines.length - 2]);
    expect(foundIn(detector, "badge EMP-XXX83; **12 points**")).toEqual([]);
  });
});

describe("ages: the age's digits inside a run, or the first word of it spelled", () => {
  const detector = ageDetector(() => [{ field: "dob", value: "1948-08-24", kind: "date", valueType: "format" }], parseDate("2026-01-29")!);

  it("finds an age in words, its decade in words, and its digits padded, in texts without other digits", () => {
    expect(foundIn(detector, "She turns seventy-eight in August.")).toEqual(["seventy-eight"]);
    expect(foundIn(detector, "A woman in her late seventies.")).toEqual(["late seventies"]);
    expect(foundIn(detector, "Patient, age 077, seen today.")).toEqual(["077"]);
  });

  it("finds nothing in a text without them", () => {
    expect(foundIn(detector, "She turns sixty-two in August; in her late fifties; age 62.")).toEqual([]);
  });
});

describe("category lists: a list holds two members' last words", () => {
  const detector = categoryListDetector(() => [{ field: "diagnosis", value: "Type 2 Diabetes", kind: "text", valueType: "contextual" }]);

  it("finds every member of a list that writes the value's words with a hyphen", () => {
    expect(foundIn(detector, "chronic conditions (e.g., type-2 diabetes, asthma)")).toEqual(["type-2 diabetes", "asthma"]);
  });

  it("finds no list where the text names one member", () => {
    expect(foundIn(detector, "managing type 2 diabetes well")).toEqual([]);
  });
});

describe("slash pairs: a slash between labels' letters", () => {
  it("reads `Score/Rating: 588/D` and no pair where the slashes stand between digits", () => {
    expect(cellsOf("Score/Rating: 588/D").map((cell) => cell.header)).toEqual(["Score", "Rating"]);
    expect(cellsOf("Dates: 1/2/2026 and 3/4")).toEqual([]);
  });
});
