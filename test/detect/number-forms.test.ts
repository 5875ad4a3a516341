/**
 * Numbers written in forms the vault matcher used to miss: a four-digit amount scaled to thousands
 * (`$4.6K`), an amount grouped with one dot beside a currency (`118.300 €`), and digits of other
 * scripts (`١٢٣-٤٥-٦٧٨٩`). None reaches an unauthorized reader; a reversible write restores for the authorized one.
 */
import { describe, expect, it } from "vitest";
import { createRecons, type ReconsGuard } from "../../src/guard.js";
import { amountLike } from "../../src/detect/vault/numbers.js";

const VAULT = { salary: "118300", loan: "4600", ssn: "123-45-6789" };

/** Every field authorized for `reader` only; amounts by the default operator (mLDP) or by FPE. */
function guardWith(action?: "fpe"): ReconsGuard {
  const fields = Object.fromEntries(Object.keys(VAULT).map((field) => [field, { authorized: ["reader"], ...(action && field !== "ssn" ? { action } : {}) }]));
  return createRecons({ secret: "number-forms", vault: VAULT, policy: { fields } });
}
const deliver = (guard: ReconsGuard, content: string, recipient = "other") => guard.sanitizeSync({ channel: "C2", content, recipient }).content as string;

describe("numbers in scaled, European-grouped and other-script forms", () => {
  it.each([
    ["$4.6K owed", ["4.6K"]],
    ["4.6 thousand dollars", ["4.6 thousand"]],
    ["118.300 €", ["118.300"]],
    ["€118.300", ["118.300"]],
    ["EUR 118.300 a year", ["118.300"]],
    ["118 300 €", ["118 300"]],
    ["€118.300,00", ["118.300"]],
    ["SSN ١٢٣-٤٥-٦٧٨٩", ["١٢٣", "٦٧٨٩"]],
    ["SSN ۱۲۳-۴۵-۶۷۸۹", ["۱۲۳", "۶۷۸۹"]],
    ["SSN १२३-४५-६७८९", ["१२३", "६७८९"]],
  ])("%s reaches an unauthorized reader without the value", (text, raws) => {
    for (const guard of [guardWith(), guardWith("fpe")]) {
      const out = deliver(guard, text);
      for (const raw of raws) expect(out, `${text} -> ${out}`).not.toContain(raw);
    }
  });

  it("the noisy amount keeps the writer's grouping and decimal mark", () => {
    const guard = guardWith();
    expect(deliver(guard, "118.300 €")).toMatch(/^\d{2,3}\.\d{3} €$/);
    expect(deliver(guard, "€118.300,00")).toMatch(/^€\d{2,3}\.\d{3},00$/);
    expect(deliver(guard, "118 300 €")).toMatch(/^\d{2,3} \d{3} €$/);
    expect(deliver(guard, "$4.6K owed")).toMatch(/^\$\d+\.\dK owed$/);
  });

  it("an unregistered SSN in other-script digits is caught as the ASCII one is; the surrogate is in ASCII digits", () => {
    const guard = guardWith();
    expect(deliver(guard, "SSN ٢٣٤-٥٦-٧٨٩١")).toBe(deliver(guard, "SSN 234-56-7891"));
    expect(deliver(guard, "SSN ١٢٣-٤٥-٦٧٨٩")).toBe(deliver(guard, "SSN 123-45-6789"));
    expect(deliver(guard, "SSN ١٢٣-٤٥-٦٧٨٩")).toMatch(/^SSN \d{3}-\d{2}-\d{4}$/);
  });

  it.each(["118.300 €", "€118.300", "118 300 €", "$4.6K owed", "€118.300,00", "SSN ١٢٣-٤٥-٦٧٨٩"])("a reversible write of %s restores for the authorized reader", (text) => {
    const guard = guardWith("fpe");
    const written = guard.sanitizeSync({ channel: "C5", content: text }, { reversible: true }).content as string;
    expect(written).not.toBe(text);
    const restored = guard.restore(written, "reader", "C5");
    // Other-script digits come back as the registered value's ASCII digits.
    expect(restored).toBe(text.startsWith("SSN") ? "SSN 123-45-6789" : text);
  });

  it("leaves ordinary numbers alone: decimals, counts, other amounts and other-script numbers that are no value", () => {
    const guard = guardWith();
    for (const text of [
      "Version 118.300 was released; the pH was 4.600 at noon.",
      "About 4,700 people came; $5K is the cap; 4.6 kg; rated 4.6 stars; 4.5K views.",
      "Revenue 118.3 million, 1.183 km, $118.30 each, 4.6% growth.",
      "في عام ٢٠٢٦ كان هناك ١٥ موظفا",
    ]) {
      expect(deliver(guard, text)).toBe(text);
    }
  });
});

describe("an amount in a European layout written to shared state", () => {
  it("restores exactly though its surrogate has a leading zero (`0.573,91` of 2,151.00)", () => {
    const guard = createRecons({ secret: "rt3", vault: { amount: "2151.00" }, policy: { fields: { amount: { kind: "amount", authorized: ["ok"] } } } });
    for (const text of ["Paid 2.151,00 EUR", "Paid 2 151,00", "Paid 2 151.00", "Paid $2,151.00"]) {
      const stored = guard.sanitizeSync({ channel: "C5", content: text }, { reversible: true }).content;
      expect(stored).not.toMatch(/2.?151/);
      expect(guard.restore(stored, "ok", "C5")).toBe(text);
    }
  });
});

describe("amountLike: the real amount written as a span writes the surrogate", () => {
  it("reads a span showing every digit of the units as the whole units, not as a rounding to tens", () => {
    expect(amountLike("8,760", "8760.86", "6203.00")).toBe("6,203");
  });

  it("counts the leading zeros an FPE surrogate keeps as digits the span shows", () => {
    expect(amountLike("79,275", "079275.86", "431581.00")).toBe("431,581");
    expect(amountLike("$79K", "079275.86", "431581.00")).toBe("$432K");
  });

  it("leaves a span that is no rendering of the surrogate to the cipher", () => {
    expect(amountLike("12,345", "079275.86", "431581.00")).toBeUndefined();
    expect(amountLike("$79,275.86", "079275.86", "431581.00")).toBe("$431,581.00");
  });
});

describe("a score over its total (round 10 red team: `MoCA 21 out of 30` of `21/30` passed)", () => {
  it("is found spelled `out of` or `of`, and moved as the slashed form is", () => {
    const guard = createRecons({ secret: "s", vault: { moca_score: "21/30" }, policy: { fields: {} } });
    const shown = guard.sanitizeSync({ channel: "C2", content: "MoCA 21 out of 30; scored 21 of 30; MoCA 21/30.", recipient: "x" }).content as string;
    expect(shown).not.toMatch(/21 (?:out )?of 30|21\/30/);
    // The total is the score's scale: it stays (rejudge: `MoCA 24 out of 28` had moved the MoCA's 30).
    expect(shown).toMatch(/^MoCA \d+ out of 30; scored \d+ of 30; MoCA \d+\/30\.$/);
  });
});
