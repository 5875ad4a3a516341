import { createHmac } from "node:crypto";
import type { ReconsOptions } from "../../policy/options.js";
import { OperatorError, type Operator, type OperatorInput, type OperatorOutput } from "../base.js";

/**
 * Metric local differential privacy for numbers: each number in the value gets discrete Laplace
 * (two-sided geometric) noise k * unit with P(k) proportional to exp(-epsilon * |k|), the unit
 * chosen by kind (`unit[kind] ?? unit["*"]`), drawn from an HMAC-SHA256 stream keyed by the secret. Integer arithmetic in the value's own decimals,
 * so no floating-point low bits leak; unsigned values are clamped at 0; the text keeps its
 * currency, grouping and decimals (`$205,902.00` -> `$205,901.00`). The unit is in the value's
 * real scale: a number written with a magnitude (`$206K`, `$1.3M`, `2 billion`) moves by the
 * unit in that magnitude, never by less than its last displayed digit. Each number of a value gets
 * its noise once (never zero), whatever rendering of the value comes later.
 */

/** Epsilon and unit per kind, as parsed by the `mldp` option schema. */
export type MldpOptions = ReconsOptions["mldp"];

/** A uniform double in (0, 1]. */
export type UniformSource = () => number;

/**
 * Uniforms in (0, 1] (53 bits each) from HMAC-SHA256 under `key`, one stream per label: the same
 * key and label give the same draws (replicas agree, runs repeat under a seed), and nobody without
 * the key can predict them.
 */
export function keyedUniforms(key: Uint8Array, label: string): UniformSource {
  let counter = 0;
  return () => {
    const digest = createHmac("sha256", key).update(`${label}\u0000${counter++}`).digest();
    const high = digest.readUIntBE(0, 3) & 0x1f_ffff;
    const low = digest.readUInt32BE(3);
    return (high * 2 ** 32 + low + 1) / 2 ** 53;
  };
}

/** Failures (k) before the first success, success probability 1 - alpha, by inversion. */
function geometric(alpha: number, uniform: UniformSource): number {
  return Math.floor(Math.log(uniform()) / Math.log(alpha));
}

/** A two-sided geometric sample: P(k) = (1 - alpha) / (1 + alpha) * alpha^|k|, alpha = exp(-epsilon). */
export function sampleDiscreteLaplace(epsilon: number, uniform: UniformSource): number {
  const alpha = Math.exp(-epsilon);
  return geometric(alpha, uniform) - geometric(alpha, uniform);
}

/** A number with optional sign (not a hyphen after a digit), thousands grouping and decimals; linear-time. */
const NUMBER = /(?<!\d)(-?)(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?/g;

/** A magnitude written right after a number (`206K`, `1.3 million`, `$5MM`, `$2bn`); `12 mm` is millimetres. */
const MAGNITUDE = /^\s?(?:([kK]|thousand)|(MM|[mM]n?|million)|([bB]n?|billion))\b/;

/** Thousands grouped by spaces, no-break spaces or apostrophes (`484 801.59`, `484’801.59`), or with a decimal comma (`484.801,59`, `45 000,00`): as commas and a decimal point. */
function canonicalGrouping(text: string): string {
  const decimalComma = text.replace(/\d{1,3}(?:[. \u00a0\u2009\u202f’']\d{3})+,\d+/g, (number) => {
    const comma = number.lastIndexOf(",");
    return `${group(number.slice(0, comma).replace(/\D/g, ""))}.${number.slice(comma + 1)}`;
  });
  return decimalComma.replace(/(\d)[ \u00a0\u2009\u202f’'](?=\d{3}(?!\d))/g, "$1,");
}

function magnitudeAfter(rest: string): number {
  const match = MAGNITUDE.exec(rest);
  if (!match) return 1;
  return match[1] ? 1e3 : match[2] ? 1e6 : 1e9;
}

function group(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+$)/g, ",");
}

/** `units` steps of `unit` added to the number written as sign, integer and decimals, in the same layout. */
function perturb(sign: string, integer: string, decimals: string, units: number, unit: number): string {
  const scale = 10n ** BigInt(decimals.length);
  const scaled = BigInt(sign + integer.replace(/,/g, "") + decimals);
  // The unit in the value's last displayed decimal; never below that decimal.
  const step = BigInt(Math.max(1, Math.round(unit * Number(scale))));
  let noisy = scaled + BigInt(units) * step;
  if (sign === "" && noisy < 0n) noisy = 0n;
  const negative = noisy < 0n;
  const magnitude = (negative ? -noisy : noisy).toString().padStart(decimals.length + 1, "0");
  const whole = magnitude.slice(0, magnitude.length - decimals.length);
  const fraction = magnitude.slice(magnitude.length - decimals.length);
  const grouped = integer.includes(",") ? group(whole) : whole;
  return `${negative ? "-" : ""}${grouped}${decimals ? `.${fraction}` : ""}`;
}

export function createMldpOperator(options: MldpOptions, key: Uint8Array): Operator {
  if (!(options.epsilon > 0)) throw new RangeError("mldp epsilon must be positive");
  /**
   * The noise of a number of a value, from its own keyed stream: every rendering of that value
   * (`$45,000`, `45 000,00`) moves by the same units, so releases cannot be averaged, and nothing
   * needs remembering. A zero draw would release the real value (the backstop would redact it): the
   * stream goes on to its next draw.
   */
  const unitsOf = (label: string): number => {
    const uniform = keyedUniforms(key, label);
    let units = 0;
    while (units === 0) units = sampleDiscreteLaplace(options.epsilon, uniform);
    return units;
  };
  return {
    action: "mldp",
    name: "mldp-discrete-laplace",
    apply(input: OperatorInput): OperatorOutput {
      const unit = options.unit[input.kind] ?? options.unit["*"] ?? 1;
      let found = 0;
      // A rendering of a registered value moves with that value's noise.
      const origin = `${input.field ?? ""}\u0000${input.registered ?? canonicalGrouping(input.value)}`;
      // One number in whatever grouping it was written: noise on a part of it would leave the rest real.
      const value = canonicalGrouping(input.value);
      const text = value.replace(NUMBER, (match: string, sign: string, integer: string, decimals: string | undefined, offset: number) => {
        const magnitude = magnitudeAfter(value.slice(offset + match.length));
        return perturb(sign, integer, decimals ?? "", unitsOf(`${origin}\u0000${found++}`), unit / magnitude);
      });
      if (found === 0) throw new OperatorError("no number to perturb", "mldp-no-number");
      return { text };
    },
  };
}
