import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { OperatorError, type OperatorInput, type OperatorOutput } from "../../../src/transform/base.js";
import { createMldpOperator, keyedUniforms, sampleDiscreteLaplace } from "../../../src/transform/operators/mldp.js";

const input = (value: string, kind = "amount"): OperatorInput => ({ value, field: "salary", kind, valueType: "value" });
const SAMPLES = 40_000;

/** The amount a number shows in any of these layouts: a last `.` or `,` before one or two digits marks decimals. */
function amountIn(text: string): number {
  const number = text.replace(/[^\d.,]/g, "");
  const decimals = /[.,](\d{1,2})$/.exec(number);
  const integer = (decimals ? number.slice(0, decimals.index) : number).replace(/\D/g, "");
  return Number(`${integer}.${decimals?.[1] ?? "0"}`);
}

/** Whether `text` is 118.3 moved by whole hundreds (or clamped at zero): `118.300` read as a decimal, not as 118,300. */
function isDecimalReading(text: string): boolean {
  const [whole, fraction] = text.split(".");
  return text === "0.000" || (fraction === "300" && (Number(whole) - 118) % 100 === 0);
}

function moments(epsilon: number): { mean: number; variance: number; zeros: number } {
  const uniform = keyedUniforms(randomBytes(32), "moments");
  const draws = Array.from({ length: SAMPLES }, () => sampleDiscreteLaplace(epsilon, uniform));
  const mean = draws.reduce((a, b) => a + b, 0) / SAMPLES;
  const variance = draws.reduce((a, b) => a + (b - mean) ** 2, 0) / SAMPLES;
  return { mean, variance, zeros: draws.filter((d) => d === 0).length / SAMPLES };
}

describe("discrete Laplace sampler", () => {
  it.each([1, 0.5, 2])("has mean 0 and the variance of epsilon %f", (epsilon) => {
    const alpha = Math.exp(-epsilon);
    const variance = (2 * alpha) / (1 - alpha) ** 2;
    const stats = moments(epsilon);
    expect(Math.abs(stats.mean)).toBeLessThan(6 * Math.sqrt(variance / SAMPLES));
    expect(stats.variance).toBeGreaterThan(variance * 0.85);
    expect(stats.variance).toBeLessThan(variance * 1.15);
    expect(stats.zeros).toBeCloseTo((1 - alpha) / (1 + alpha), 1);
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

  it("maps a fixed uniform source through the geometric inverse", () => {
    expect(sampleDiscreteLaplace(1, () => 1)).toBe(0);
    const sequence = [Math.exp(-2.5), 1];
    expect(sampleDiscreteLaplace(1, () => sequence.shift()!)).toBe(2);
  });
});

describe("mldp operator", () => {
  const options = { epsilon: 1, unit: { amount: 1000, "*": 1 } };
  // A fresh key per call: under one key a value always gets the same noise.
  const apply = (value: string, kind?: string): string => (createMldpOperator(options, randomBytes(32)).apply(input(value, kind)) as OperatorOutput).text;

  it("gives a value one noise per key: every rendering of it moves by the same units, never by zero, in every replica", () => {
    const key = randomBytes(32);
    const operator = createMldpOperator(options, key);
    const amountOf = (value: string) => amountIn((operator.apply({ ...input(value), registered: "$45,000" }) as OperatorOutput).text);
    const noisy = amountOf("$45,000");
    expect(noisy).not.toBe(45000);
    for (const rendering of ["45,000", "$45,000.00", "45 000,00", "45.000,00", "45’000.00"]) expect(amountOf(rendering)).toBe(noisy);
    expect(amountOf("$45,000")).toBe(noisy);
    // A replica with the same secret (another process, a resumed run) draws the same noise.
    const replica = createMldpOperator(options, key).apply({ ...input("45,000"), registered: "$45,000" }) as OperatorOutput;
    expect(Number(replica.text.replace(/[^\d.]/g, ""))).toBe(noisy);
    // Another secret draws its own.
    const draws = Array.from({ length: 200 }, () => Number(apply("45000")));
    expect(draws.includes(45000)).toBe(false);
    expect(new Set(draws).size).toBeGreaterThan(3);
  });

  it("keeps the textual format of the number", () => {
    for (let i = 0; i < 50; i++) {
      expect(apply("$205,902.00")).toMatch(/^\$\d{3},\d{3}\.00$/);
      expect(apply("205902")).toMatch(/^\d{6}$/);
      expect(apply("205902", "score")).toMatch(/^\d{6}$/);
      expect(apply("BP 120/80 mmHg", "vital")).toMatch(/^BP \d+\/\d+ mmHg$/);
    }
  });

  it("moves values by multiples of the kind's unit", () => {
    const values = Array.from({ length: 300 }, () => Number(apply("205902")));
    expect(values.every((v) => (v - 205902) % 1000 === 0)).toBe(true);
    expect(new Set(values).size).toBeGreaterThan(1);
    const scores = Array.from({ length: 300 }, () => Number(apply("742", "score")));
    expect(scores.every((v) => Number.isInteger(v))).toBe(true);
    expect(scores.some((v) => v !== 742 && Math.abs(v - 742) < 1000)).toBe(true);
  });

  it("moves a number written with a magnitude by the unit in that magnitude, never below its last digit", () => {
    // Unit 1000: `$146K` moves by 1 (thousand), `$1.3M` by its last digit (0.1 million), not by 1000 of them.
    const thousands = Array.from({ length: 300 }, () => apply("$146K"));
    expect(thousands.every((v) => /^\$\d+K$/.test(v) && Math.abs(Number(v.slice(1, -1)) - 146) <= 40)).toBe(true);
    expect(new Set(thousands).size).toBeGreaterThan(1);
    const millions = Array.from({ length: 300 }, () => apply("$1.3 million"));
    expect(millions.every((v) => /^\$\d+\.\d million$/.test(v) && Math.abs(Number(v.slice(1, -8)) - 1.3) <= 4)).toBe(true);
    expect(apply("120 mmHg", "vital")).toMatch(/^\d+ mmHg$/);
    // `mm` is millimetres, not a million: the amount unit of 1000 stays whole.
    const lengths = Array.from({ length: 300 }, () => Number(apply("12 mm").slice(0, -3)));
    expect(lengths.every((v) => (v - 12) % 1000 === 0 || v === 0)).toBe(true);
  });

  it("clamps unsigned values at zero and lets signed ones cross it", () => {
    const unsigned = Array.from({ length: 500 }, () => Number(apply("0", "count")));
    expect(Math.min(...unsigned)).toBe(0);
    expect(unsigned.some((v) => v > 0)).toBe(true);
    const signed = Array.from({ length: 500 }, () => Number(apply("-0.50", "delta").replace(/[^\d.-]/g, "")));
    expect(signed.some((v) => v > 0)).toBe(true);
    expect(apply("-0.50", "delta")).toMatch(/^-?\d+\.\d\d$/);
  });

  it("does not read a hyphen after a digit as a minus sign", () => {
    expect(apply("10-20", "range")).toMatch(/^\d+-\d+$/);
  });

  it("throws when the value has no number", () => {
    expect(() => apply("about a million")).toThrow(OperatorError);
  });

  it("rejects a non-positive epsilon", () => {
    expect(() => createMldpOperator({ epsilon: 0, unit: {} }, randomBytes(32))).toThrow(RangeError);
  });

  it("perturbs a number written in European, SI or Swiss grouping as one number, never a part of it, and writes it alike", () => {
    const operator = createMldpOperator({ epsilon: 1, unit: { amount: 1000, "*": 1 } }, randomBytes(32));
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
      // In cents: whole thousands apart.
      expect(Math.round(Math.abs(amountIn(text) - amountIn(written)) * 100) % 100_000).toBe(0);
    }
  });

  it("reads a one-dot grouping (`118.300 €`) as the registered integer, otherwise as a decimal", () => {
    const operator = createMldpOperator({ epsilon: 1, unit: { amount: 100, "*": 1 } }, randomBytes(32));
    const of = (value: string, registered?: string) => (operator.apply({ value, field: "salary", kind: "amount", valueType: "value", registered }) as OperatorOutput).text;
    const grouped = of("118.300", "118300");
    expect(grouped).toMatch(/^\d{2,3}\.\d{3}$/);
    expect(Math.abs(amountIn(grouped) - 118300) % 100).toBe(0);
    // Not the registered integer: a decimal, moved by the unit.
    expect(isDecimalReading(of("118.300", "118.3"))).toBe(true);
    expect(isDecimalReading(of("118.300"))).toBe(true);
  });

  it("redacts rather than guess a number whose decimal mark is its grouping mark", () => {
    expect(() => apply("1.234.5")).toThrow(OperatorError);
  });
});
