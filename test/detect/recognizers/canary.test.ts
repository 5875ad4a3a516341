import { describe, expect, it } from "vitest";
import { CanaryRecognizer } from "../../../src/detect/recognizers/canary.js";
import { confidenceOf, found, itReportsItsIdentity, itTerminatesOnAdversarialInput } from "./helpers.js";

const canary = new CanaryRecognizer();

describe("CanaryRecognizer", () => {
  it("finds AgentLeak canary tokens with exact offsets", () => {
    const text = "SSN: CANARY_SSN_754B6934; note `CANARY_CONF_NOTE_PLA0PKXC`.";
    expect(canary.detect(text).map((d) => [d.start, d.end, d.confidence])).toEqual([
      [5, 24, 1],
      [32, 57, 1],
    ]);
    expect(found(canary, "canary_mgr_note_450b9dc7")).toEqual(["canary_mgr_note_450b9dc7"]);
  });

  it("finds a bare suffix that the same text also shows in full", () => {
    const text = "Token CANARY_SSN_754B6934 (suffix 754B6934)";
    expect(found(canary, text)).toEqual(["CANARY_SSN_754B6934", "754B6934"]);
  });

  it("finds generated 8-hex suffixes quoted alone, more surely when canaries are mentioned", () => {
    expect(found(canary, "Strategy ID: CF0EF75D")).toEqual(["CF0EF75D"]);
    expect(confidenceOf(canary, "canary id CF0EF75D", "CF0EF75D")).toBeGreaterThan(confidenceOf(canary, "ID CF0EF75D", "CF0EF75D"));
    expect(found(canary, "the canary suffix PLA0PKXC")).toEqual(["PLA0PKXC"]);
  });

  it("ignores ids and words that only look like suffixes", () => {
    for (const text of ["EMP-78236", "INS-67737826", "ID 20302875", "ID DEADBEEF", "COVID19", "see A1 and A2", "PLA0PKXC", "CANARY_ alone", "CANARY_SSN_12"]) {
      expect(found(canary, text)).toEqual([]);
    }
  });

  itReportsItsIdentity(canary, "CANARY_SSN_754B6934");
  itTerminatesOnAdversarialInput(canary);
});
