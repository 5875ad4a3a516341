import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { OperatorError, type OperatorInput, type OperatorOutput } from "../../../src/transform/base.js";
import { reconsOptionsSchema } from "../../../src/policy/options.js";
import { createMldpOperator, keyedUniforms, sampleNonZeroDiscreteLaplace, type MldpOptions } from "../../../src/transform/operators/mldp.js";

const input = (value: string, kind = "amount"): OperatorInput => ({ value, field: "salary", kind, valueType: "value" });
const SAMPLES = 40_000;
/** The mldp options a guard gets when it names none. */
const mldpDefaults = (): MldpOptions => reconsOptionsSchema.parse({}).mldp;

/** The amount a number shows in any of these layouts: a last `.` or `,` before one or two digits marks decimals. */
function amountIn(text: string): number {
  const number = text.replace(/[^\d.,]/g, "");
  const decimals = /[.,](\d{1,2})$/.exec(number);
  const integer = (decimals ? number.slice(0, decimals.index) : number).replace(/\D/g, "");
  return Number(`${integer}.${decimals?.[1] ?? "0"}`);
}

/** Whether `text` is 118.3 moved by whole hundreds (or clamped at zero): `118.300` read as a decimal, not as 118,300. */
function moments(epsilon: number): { mean: number; variance: number; ones: number; zeros: number } {
  const uniform = keyedUniforms(randomBytes(32), "moments");
  const draws = Array.from({ length: SAMPLES }, () => sampleNonZeroDiscreteLaplace(epsilon, uniform));
  const mean = draws.reduce((a, b) => a + b, 0) / SAMPLES;
  const variance = draws.reduce((a, b) => a + (b - mean) ** 2, 0) / SAMPLES;
  return { mean, variance, ones: draws.filter((d) => Math.abs(d) === 1).length / SAMPLES, zeros: draws.filter((d) => d === 0).length };
}

describe("discrete Laplace sampler, given a non-zero draw", () => {
  it.each([1, 0.5, 2, 0.001])("has mean 0, never 0, and the conditional variance of epsilon %f", (epsilon) => {
    const alpha = Math.exp(-epsilon);
    const variance = (1 + alpha) / (1 - alpha) ** 2;
    const stats = moments(epsilon);
    expect(stats.zeros).toBe(0);
    expect(Math.abs(stats.mean)).toBeLessThan(6 * Math.sqrt(variance / SAMPLES));
    expect(stats.variance).toBeGreaterThan(variance * 0.85);
    expect(stats.variance).toBeLessThan(variance * 1.15);
    expect(stats.ones).toBeCloseTo(1 - alpha, 1);
  });

  it("draws at once where zero is almost certain: one step either way", () => {
    const uniform = keyedUniforms(randomBytes(32), "steep");
    const draws = Array.from({ length: 1000 }, () => sampleNonZeroDiscreteLaplace(100, uniform));
    expect(new Set(draws)).toEqual(new Set([-1, 1]));
  });

  it("draws uniforms in (0, 1] from a keyed HMAC stream: the same key and label repeat, another key or label does not", () => {
    const key = randomBytes(32);
    const draws = Array.from({ length: 1000 }, keyedUniforms(key, "a"));
    expect(draws.every((u) => u > 0 && u <= 1)).toBe(true);
    expect(new Set(draws).size).toBe(1000);
    expect(Array.from({ length: 1000 }, keyedUniforms(key, "a"))).toEqual(draws);
    expect(Array.from({ length: 3 }, keyedUniforms(key, "b"))).not.toEqual(draws.slice(0, 3));
    expect(Array.from({ length: 3 }, keyedUniforms(randomBytes(32), "a"))).not.toEqual(draws.slice(0, 3));
  });

  it("maps a fixed uniform source through a fair sign and the geometric inverse", () => {
    expect(sampleNonZeroDiscreteLaplace(1, () => 1)).toBe(1);
    const sequence = [0.5, Math.exp(-2.5)];
    expect(sampleNonZeroDiscreteLaplace(1, () => sequence.shift()!)).toBe(-3);
  });
});

describe("mldp operator", () => {
  const options = { epsilon: 1, unit: { amount: 1000, "*": 1 }, relativeUnit: 0.05, floor: 0 };
  // A fresh key per call: under one key a value always gets the same noise.
  const apply = (value: string, kind?: string, with_: MldpOptions = options): string => (createMldpOperator(with_, randomBytes(32)).apply(input(value, kind)) as OperatorOutput).text;
  const relative = { epsilon: 1, unit: {}, relativeUnit: 0.05, floor: 0 };
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;

  it("gives a value one noise per key: every rendering of it moves by the same amount, never by zero, in every replica", () => {
    const key = randomBytes(32);
    const operator = createMldpOperator(options, key);
    const amountOf = (value: string) => amountIn((operator.apply({ ...input(value), registered: "$45,000" }) as OperatorOutput).text);
    const noisy = amountOf("$45,000");
    expect(noisy).not.toBe(45000);
    for (const rendering of ["45,000", "$45,000.00", "45 000,00", "45.000,00", "45’000.00"]) expect(amountOf(rendering)).toBe(noisy);
    expect(amountOf("$45,000")).toBe(noisy);
    // A rounded rendering shows the same noisy amount rounded to its last digit, never the written one.
    const thousands = (operator.apply({ ...input("$45K"), registered: "$45,000" }) as OperatorOutput).text;
    expect(Number(thousands.slice(1, -1))).toBe(Math.round(noisy / 1000) === 45 ? 45 + Math.sign(noisy - 45000) : Math.round(noisy / 1000));
    // A replica with the same secret (another process, a resumed run) draws the same noise.
    const replica = createMldpOperator(options, key).apply({ ...input("45,000"), registered: "$45,000" }) as OperatorOutput;
    expect(Number(replica.text.replace(/[^\d.]/g, ""))).toBe(noisy);
    // Another secret draws its own.
    const draws = Array.from({ length: 200 }, () => Number(apply("45000")));
    expect(draws.includes(45000)).toBe(false);
    expect(new Set(draws).size).toBeGreaterThan(100);
  });

  it("keeps the textual format of the number", () => {
    for (let i = 0; i < 50; i++) {
      expect(apply("$205,902.00")).toMatch(/^\$\d{3},\d{3}\.\d\d$/);
      expect(apply("205902")).toMatch(/^\d{6}$/);
      expect(apply("205902", "score")).toMatch(/^\d{6}$/);
      expect(apply("BP 120/80 mmHg", "vital")).toMatch(/^BP \d+\/\d+ mmHg$/);
    }
  });

  it("draws the noise at the value's own resolution on the scale of the kind's unit: no lattice keeps the value's last digits", () => {
    // In whole units, `$1,043,369` became `$1,043,469`: the last digits real, and every value one unit away told apart.
    const values = Array.from({ length: 2000 }, () => Number(apply("205902")));
    expect(new Set(values.map((v) => ((v % 1000) + 1000) % 1000)).size).toBeGreaterThan(500);
    // Laplace noise of scale unit / epsilon: mean |noise| about 1000.
    expect(mean(values.map((v) => Math.abs(v - 205902)))).toBeGreaterThan(850);
    expect(mean(values.map((v) => Math.abs(v - 205902)))).toBeLessThan(1150);
    const cents = Array.from({ length: 300 }, () => apply("$205,902.17"));
    expect(new Set(cents.map((v) => v.slice(-2))).size).toBeGreaterThan(50);
  });

  it("scales the unit to the value where the kind has none: a salary and a credit score both move by about a twentieth", () => {
    for (const [value, kind] of [["1043369", "amount"], ["128227", "amount"], ["738", "score"]] as const) {
      const noise = Array.from({ length: 2000 }, () => Math.abs(Number(apply(value, kind, relative)) - Number(value)));
      expect(mean(noise) / Number(value)).toBeGreaterThan(0.04);
      expect(mean(noise) / Number(value)).toBeLessThan(0.06);
    }
    // A small count still moves, by at least its last digit.
    expect(Array.from({ length: 100 }, () => Number(apply("3", "count", relative))).every((v) => v !== 3 && Number.isInteger(v))).toBe(true);
  });

  it("never lands within the floor of the value: 3 % of it by default, beyond which the noise has its Laplace tail", () => {
    // Round 7 red team: one draw in ten within 0.5 % (`$23,601.38` for $23,604.91, a credit score of 742 as 744) kept the leading digits.
    const defaults = mldpDefaults();
    expect(defaults.floor).toBe(0.6);
    for (const [value, field, kind] of [["23604.91", "balance", "amount"], ["742", "credit_score", "number"], ["128227", "salary", "amount"]] as const) {
      const moved = Array.from({ length: 1000 }, () => {
        const { text } = createMldpOperator(defaults, randomBytes(32)).apply({ value, field, kind, valueType: "value" }) as OperatorOutput;
        return Math.abs(Number(text) - Number(value)) / Number(value);
      });
      expect(Math.min(...moved), value).toBeGreaterThanOrEqual(0.03 - 1e-9);
      // The tail beyond the floor: mean |noise| about floor + unit (3 % + 5 %), the credit score's reflected at its scale's ends.
      expect(mean(moved), value).toBeGreaterThan(0.07);
      expect(mean(moved), value).toBeLessThan(0.09);
    }
  });

  it("rounds a number written with a magnitude to its last digit, never below it", () => {
    // Unit 1000: `$146K` moves by about 1 (thousand), `$1.3M` by its last digit (0.1 million), not by 1000 of them.
    const thousands = Array.from({ length: 300 }, () => apply("$146K"));
    expect(thousands.every((v) => /^\$\d+K$/.test(v) && v !== "$146K" && Math.abs(Number(v.slice(1, -1)) - 146) <= 40)).toBe(true);
    expect(new Set(thousands).size).toBeGreaterThan(1);
    const millions = Array.from({ length: 300 }, () => apply("$1.3 million"));
    expect(millions.every((v) => /^\$\d+\.\d million$/.test(v) && v !== "$1.3 million" && Math.abs(Number(v.slice(1, -8)) - 1.3) <= 0.1 + 1e-9)).toBe(true);
    expect(apply("120 mmHg", "vital")).toMatch(/^\d+ mmHg$/);
    // `mm` is millimetres, not a million: the length moves on the amount unit of 1000, in whole millimetres.
    const lengths = Array.from({ length: 300 }, () => apply("12 mm"));
    expect(lengths.every((v) => /^\d+ mm$/.test(v))).toBe(true);
    expect(Math.max(...lengths.map((v) => Number(v.slice(0, -3))))).toBeGreaterThan(500);
    // Inside an amount's span (the matcher took `mm` as millions), finance's lowercase `mm` is millions (round 10: `$2.375mm` came out `$2011604.000mm`).
    const finance = Array.from({ length: 100 }, () => apply("$2.375mm"));
    expect(finance.every((v) => /^\$\d\.\d{3}mm$/.test(v) && v !== "$2.375mm")).toBe(true);
  });

  it("clamps unsigned values at zero and lets signed ones cross it", () => {
    const unsigned = Array.from({ length: 500 }, () => Number(apply("0", "count")));
    expect(Math.min(...unsigned)).toBe(0);
    expect(unsigned.some((v) => v > 0)).toBe(true);
    const signed = Array.from({ length: 500 }, () => Number(apply("-0.50", "delta").replace(/[^\d.-]/g, "")));
    expect(signed.some((v) => v > 0)).toBe(true);
    expect(apply("-0.50", "delta")).toMatch(/^-?\d+\.\d\d$/);
  });

  it("keeps a credit score on its 300-850 scale, never on the score itself", () => {
    // Red team: `922` for a score of 749 read as fake and told the real one was near the top.
    const scores = [300, 301, 320, 700, 830, 849, 850];
    for (const score of scores) {
      for (let k = 0; k < 60; k++) {
        const operator = createMldpOperator({ epsilon: 1, unit: {}, relativeUnit: 0.05, floor: 0 } as MldpOptions, randomBytes(32));
        const shown = Number((operator.apply({ value: String(score), field: "credit_score", kind: "number", valueType: "value" }) as OperatorOutput).text);
        expect(shown, `${score}`).toBeGreaterThanOrEqual(300);
        expect(shown, `${score}`).toBeLessThanOrEqual(850);
        expect(shown).not.toBe(score);
      }
    }
  });

  it("does not read a hyphen after a digit as a minus sign", () => {
    expect(apply("10-20", "range")).toMatch(/^\d+-\d+$/);
  });

  it("throws when the value has no number", () => {
    expect(() => apply("about a million")).toThrow(OperatorError);
  });

  it("rejects a non-positive epsilon", () => {
    expect(() => createMldpOperator({ epsilon: 0, unit: {}, relativeUnit: 0.05, floor: 0 }, randomBytes(32))).toThrow(RangeError);
  });

  it("perturbs a number written in European, SI or Swiss grouping as one number, never a part of it, and writes it alike", () => {
    const operator = createMldpOperator(options, randomBytes(32));
    for (const [written, layout] of [
      ["484.801,59", /^\d{3}\.\d{3},\d{2}$/],
      ["484 801,59", /^\d{3} \d{3},\d{2}$/],
      ["484 801.59", /^\d{3} \d{3}\.\d{2}$/],
      ["484\u00a0801.59", /^\d{3}\u00a0\d{3}\.\d{2}$/],
      ["484’801.59", /^\d{3}’\d{3}\.\d{2}$/],
      ["1.286.841", /^\d\.\d{3}\.\d{3}$/],
    ] as const) {
      const { text } = operator.apply({ value: written, field: "balance", kind: "amount", valueType: "value" }) as OperatorOutput;
      expect(text).toMatch(layout);
      // One number moved on the unit's scale (a part moved alone would be a few units off, or a million).
      const moved = Math.abs(amountIn(text) - amountIn(written));
      expect(moved).toBeGreaterThan(0);
      expect(moved).toBeLessThan(40_000);
    }
  });

  it("reads a one-dot grouping (`118.300 €`) as the registered integer, otherwise as a decimal", () => {
    const operator = createMldpOperator({ epsilon: 1, unit: { amount: 100, "*": 1 }, relativeUnit: 0.05, floor: 0 }, randomBytes(32));
    const of = (value: string, registered?: string) => (operator.apply({ value, field: "salary", kind: "amount", valueType: "value", registered }) as OperatorOutput).text;
    const grouped = of("118.300", "118300");
    expect(grouped).toMatch(/^\d{2,3}\.\d{3}$/);
    expect(Math.abs(amountIn(grouped) - 118300)).toBeLessThan(4000);
    // Not the registered integer: a decimal (118.3 moved on the unit of 100), never read as 118,300.
    for (const decimal of [of("118.300", "118.3"), of("118.300")]) {
      expect(decimal).toMatch(/^\d+\.\d{3}$/);
      expect(Math.abs(Number(decimal) - 118.3)).toBeLessThan(4000);
    }
  });

  it("redacts rather than guess a number whose decimal mark is its grouping mark", () => {
    expect(() => apply("1.234.5")).toThrow(OperatorError);
  });
});
