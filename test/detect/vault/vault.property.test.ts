import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Vault } from "../../../src/detect/vault/vault.js";
import { inferFieldType } from "../../../src/policy/infer.js";

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
const pad = (n: number): string => String(n).padStart(2, "0");
const ordinal = (day: number): string => `${day}${({ 21: "st", 22: "nd", 23: "rd" } as Record<number, string>)[day] ?? "th"}`;
const pick = <T,>(choices: readonly T[]): fc.Arbitrary<T> => fc.constantFrom(...choices);
const digits = (length: number): fc.Arbitrary<string> => fc.array(fc.integer({ min: 0, max: 9 }), { minLength: length, maxLength: length }).map((d) => d.join(""));

/** A vault field, its value, and one rewritten rendering of that value. */
interface Case {
  field: string;
  value: string;
  rendered: string;
}

const ssn = fc.tuple(digits(3), digits(2), digits(4), pick(["-", " ", "", "."])).map(([a, b, c, s]): Case => ({ field: "ssn_real", value: `${a}-${b}-${c}`, rendered: [a, b, c].join(s) }));

const phone = fc
  .tuple(fc.integer({ min: 200, max: 999 }), fc.integer({ min: 200, max: 999 }), digits(4), pick([0, 1, 2, 3]))
  .map(([a, b, c, layout]): Case => ({
    field: "phone_real",
    value: `+1-${a}-${b}-${c}x12`,
    rendered: [`(${a}) ${b}-${c}`, `${a}.${b}.${c}`, `${a}${b}${c}`, `+1 ${a} ${b} ${c} ext. 12`][layout],
  }));

const amount = fc.tuple(fc.integer({ min: 1000, max: 99_999_999 }), pick([0, 1, 2])).map(([n, layout]): Case => ({
  field: "salary",
  value: String(n),
  rendered: [`$${n.toLocaleString("en-US")}`, `${n.toLocaleString("en-US")}.00`, `$${n}`][layout],
}));

const date = fc
  .tuple(fc.integer({ min: 1930, max: 2029 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 13, max: 28 }), fc.integer({ min: 0, max: 6 }))
  .map(([y, m, d, layout]): Case => ({
    field: "dob",
    value: `${y}-${pad(m)}-${pad(d)}`,
    rendered: [`${pad(m)}/${pad(d)}/${y}`, `${m}/${d}/${y}`, `${d}.${pad(m)}.${y}`, `${MONTHS[m - 1]} ${d}, ${y}`, `${d} ${MONTHS[m - 1].slice(0, 3)} ${y}`, `${ordinal(d)} of ${MONTHS[m - 1]} ${y}`, `${y}/${pad(m)}/${pad(d)}`][layout],
  }));

const word = fc.stringMatching(/^[A-Z][a-z]{3,7}$/).map((w) => `${w}qx`);
const name = fc.tuple(word, word, pick([0, 1, 2, 3])).map(([first, last, layout]): Case => ({
  field: "patient_name",
  value: `${first} ${last}`,
  rendered: [`${last}, ${first}`, `Ms. ${last}`, `${first} K. ${last}`, `${first.toUpperCase()} ${last.toUpperCase()}`][layout],
}));

const canary = digits(8).map((hex): Case => ({ field: "ssn", value: `CANARY_SSN_${hex}`, rendered: hex }));

/** Filler words that can never form or extend a value (no digits, no capitals). */
const filler = fc.array(pick(["the", "report", "says", "and", "then", "we", "review", "notes", "for", "a", "plan"]), { maxLength: 6 }).map((w) => w.join(" "));

describe("Vault property", () => {
  it("finds random values rendered in random rewritten forms, with the right field and exact span", () => {
    fc.assert(
      fc.property(fc.oneof(ssn, phone, amount, date, name, canary), filler, filler, pick([" ", ": ", " (", "\n- "]), (c, before, after, joiner) => {
        const vault = new Vault(inferFieldType);
        vault.add(c.field, c.value);
        const prefix = `${before}${joiner}`;
        const text = `${prefix}${c.rendered} ${after}`;
        // A currency sign stays outside the span: the operators receive the number itself.
        const currency = c.rendered.startsWith("$") ? 1 : 0;
        const hits = vault.detect(text).filter((d) => d.field === c.field);
        expect(hits.map((d) => text.slice(d.start, d.end))).toEqual([c.rendered.slice(currency)]);
        expect(hits[0].start).toBe(prefix.length + currency);
      }),
      { numRuns: 300 },
    );
  });
});
