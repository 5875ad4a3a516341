import { describe, expect, it } from "vitest";
import { derivedAmountDetector } from "../../../src/detect/vault/derived-amounts.js";
import { spelledAmounts } from "../../../src/detect/vault/spelled-amounts.js";
import type { VaultEntry } from "../../../src/detect/vault/vault.js";
import { createRecons } from "../../../src/guard.js";

/** The value of each amount in words in `text`. */
const valuesIn = (text: string) => spelledAmounts(text).map(({ value }) => value);

describe("amounts in words with a magnitude (round 12 red team: only whole spellings of the exact value were found)", () => {
  it("reads a number below a thousand, a decimal, a half or a share before the magnitude", () => {
    expect(valuesIn("nine and a half million; twenty-seven point four million; about thirteen hundred dollars")).toEqual([9_500_000, 27_400_000, 1_300]);
    expect(valuesIn("three-quarters of a million dollars; half a million; a quarter-million; two hundred and ten thousand")).toEqual([750_000, 500_000, 250_000, 210_000]);
    expect(valuesIn("eighty-five thousand a year; 85 thousand; thousands of pages")).toEqual([85_000]);
  });

  const entry = (field: string, value: string): VaultEntry => ({ field, value, kind: "amount", valueType: "value" });
  const foundIn = (text: string, entries: VaultEntry[]) =>
    derivedAmountDetector(() => entries)
      .detect(text)
      .map((detection) => text.slice(detection.start, detection.end));

  it("is a registered amount's within 5 % said to be about it, within 1 % otherwise, or its period's share", () => {
    expect(foundIn("worth about three-quarters of a million dollars", [entry("net_worth", "742000")])).toEqual(["three-quarters of a million dollars"]);
    expect(foundIn("no less than nine and a half million", [entry("settlement_floor", "9500000")])).toEqual(["nine and a half million"]);
    expect(foundIn("roughly seven thousand a month", [entry("salary", "84600")])).toEqual(["seven thousand"]);
    // The period named before it too, as for figures in digits (`Monthly income is roughly $5K`).
    expect(foundIn("Monthly pay is roughly seven thousand", [entry("salary", "84600")])).toEqual(["seven thousand"]);
    // 742,000 is 1.1 % from seven hundred and fifty thousand: said plainly, it is another figure.
    expect(foundIn("a fee of seven hundred and fifty thousand; one hundred patients", [entry("net_worth", "742000")])).toEqual([]);
  });

  it("is redacted for an unauthorized reader: no digits to move", () => {
    const guard = createRecons({ secret: "s", vault: { personal_net_worth: 742000 }, policy: { fields: {} } });
    const { content, decisions } = guard.sanitizeSync({ channel: "C2", content: "about three-quarters of a million dollars", recipient: "x" });
    expect(content).toBe("about [REDACTED:amount]");
    expect(decisions.map((decision) => decision.fallback)).toContain("derived-amount-in-words");
  });
});
