import { describe, expect, it } from "vitest";
import { MacRecognizer } from "../../../src/detect/recognizers/mac.js";
import { found, itReportsItsIdentity, itTerminatesOnAdversarialInput } from "./helpers.js";

const mac = new MacRecognizer();

describe("MacRecognizer", () => {
  it("finds MAC addresses in colon, hyphen and dotted layouts, offsets exact", () => {
    const text = "laptop 74:af:61:01:f8:d2, printer 4C-62-E0-E4-6F-6B and switch 74af.6101.f8d2.";
    expect(mac.detect(text).map((d) => text.slice(d.start, d.end))).toEqual(["74:af:61:01:f8:d2", "4C-62-E0-E4-6F-6B", "74af.6101.f8d2"]);
  });

  it("rejects mixed separators, wrong group counts, longer tokens, all zeros and broadcast", () => {
    for (const text of ["74:af-61:01:f8:d2", "74:af:61:01:f8", "74:af:61:01:f8:d2:11", "x74:af:61:01:f8:d2", "00:00:00:00:00:00", "ff:ff:ff:ff:ff:ff", "at 12:30:45", "v1.2.3", "2001:db8::1"]) {
      expect(found(mac, text), text).toEqual([]);
    }
  });

  itReportsItsIdentity(mac, "74:af:61:01:f8:d2");
  itTerminatesOnAdversarialInput(mac);
});
