import { describe, expect, it } from "vitest";
import { AbaRecognizer } from "../../../src/detect/recognizers/aba.js";
import { confidenceOf, found, itReportsItsIdentity, itTerminatesOnAdversarialInput } from "./helpers.js";

const aba = new AbaRecognizer();

describe("AbaRecognizer", () => {
  it("finds a checksum-valid routing number next to a context word, offsets exact", () => {
    const text = "Routing number: 021000021.";
    expect(aba.detect(text)).toMatchObject([{ start: 16, end: 25 }]);
    expect(confidenceOf(aba, text, "021000021")).toBeGreaterThanOrEqual(0.9);
    expect(confidenceOf(aba, "ABA 011000015", "011000015")).toBeGreaterThanOrEqual(0.9);
  });

  it("is low confidence without a context word", () => {
    expect(confidenceOf(aba, "ref 021000021", "021000021")).toBeLessThan(0.5);
  });

  it("takes a checksum-valid number with no Federal Reserve prefix only where it is called a routing number", () => {
    // 437766360: 3-7-1 checksum right, `43` no routing symbol (faker's routing numbers look so).
    expect(confidenceOf(aba, "routing number 437766360", "437766360")).toBe(0.8);
    expect(found(aba, "ref 437766360")).toEqual([]);
  });

  it("rejects a bad checksum and longer numbers", () => {
    expect(found(aba, "routing 021000022")).toEqual([]);
    expect(found(aba, "routing 990000005")).toEqual([]);
    expect(found(aba, "routing 0210000210")).toEqual([]);
    expect(found(aba, "routing ID-021000021")).toEqual([]);
  });

  itReportsItsIdentity(aba, "routing 021000021");
  itTerminatesOnAdversarialInput(aba);
});
