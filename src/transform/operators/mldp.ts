import { createHmac } from "node:crypto";
import type { ReconsOptions } from "../../policy/options.js";
import { parseNumber } from "../../detect/vault/numbers.js";
import { SCORE_OUT_OF } from "../../detect/vault/measurements.js";
import { OperatorError, type Operator, type OperatorInput, type OperatorOutput } from "../base.js";

/**
 * Metric local differential privacy for numbers: each number x in the value is released as y with
 * P(y) proportional to exp(-epsilon * |y - x| / unit) (the Laplace mechanism on the l1 metric in
 * units of `unit`), discretized at the value's own resolution: the noise is k steps of its last
 * decimal (of the registered value, so every rendering moves alike), k from a discrete Laplace
 * (two-sided geometric) draw with P(k) proportional to exp(-epsilon * step / unit * |k|), from an
 * HMAC-SHA256 stream keyed by the secret. At the resolution, not in whole units: noise in multiples
 * of a unit keeps x modulo the unit (`$1,043,369` -> `$1,043,469` kept its last digits and told every
 * value one unit away apart). The unit is `unit[kind] ?? unit["*"]` in the value's real scale, or,
 * for a kind without one, `relativeUnit` of the value (a salary of 128,227 on a scale of ~6,400, a
 * score of 738 of ~37: one absolute unit is too small for millions or too large for scores).
 * Integer arithmetic in the value's own decimals, so no floating-point low bits leak; unsigned
 * values are clamped at 0, a credit score kept on its 300-850 scale; the text keeps its currency, grouping and decimals (`$205,902.00` ->
 * `$214,377.18`, `118.300,00 €` -> `112.640,00 €`). A number written with a magnitude (`$206K`,
 * `$1.3M`, `2 billion`) is the noisy value rounded to its last displayed digit, and never the
 * written one. Each number of a value gets its noise once (never zero), whatever rendering of the
 * value comes later.
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

/** Failures (k) before the first success, success probability 1 - alpha with alpha = exp(-epsilon), by inversion (log alpha taken as -epsilon: exact for an epsilon near 0). */
function geometric(epsilon: number, uniform: UniformSource): number {
  return Math.floor(Math.log(uniform()) / -epsilon);
}

/**
 * A two-sided geometric (discrete Laplace) sample, P(k) proportional to alpha^|k| with alpha = exp(-epsilon),
 * drawn given |k| >= `least` (a zero would release the real value, a step or two its leading digits): a fair
 * sign, and |k| - least geometric, so P(|k| = m) = (1 - alpha) * alpha^(m - least). Exact, and one pass even
 * where zero is almost certain (a `$1.3M` on a unit of 1000: redrawing until non-zero would never end).
 */
export function sampleNonZeroDiscreteLaplace(epsilon: number, uniform: UniformSource, least = 1): number {
  const sign = uniform() <= 0.5 ? -1 : 1;
  return sign * (least + geometric(epsilon, uniform));
}

/**
 * A number with optional sign (not a hyphen after a digit): its integer grouped in threes by one
 * mark throughout (`118,300`, `1.286.841`, `484 801`, `484’801`) or not grouped, then decimals after
 * a `.` or `,`. Linear-time: a group is exactly three digits.
 */
const NUMBER = /(?<!\d)(-?)(\d{1,3}(?:([,. \u00a0\u2009\u202f’'])\d{3}(?!\d))(?:\3\d{3}(?!\d))*|\d+)(?:([.,])(\d+))?/g;

/**
 * A magnitude written right after a number (`206K`, `142 grand`, `1.3 million`, `$5MM`, `$2bn`); `12 mm` is millimetres,
 * `$2.375mm` finance's millions (round 10 red team: it came out `$2011604.000mm`), `1.75 mil` a note's (round 14).
 */
const MAGNITUDE = /^\s?(?:([kK]|thousand|grand)|(MM|[mM]n?|million|mil)|([bB]n?|billion)|(mm))\b/;
/** A currency right before a number: its lowercase `mm` is millions. */
const CURRENCY_BEFORE = /(?:\p{Sc}|\b[A-Z]{3})\s?$/u;

/** One number of a value as written: its digits, and the marks it is laid out with, to write its noisy value alike. */
interface WrittenNumber {
  index: number;
  length: number;
  sign: string;
  /** The integer's digits alone. */
  integer: string;
  decimals: string;
  /** The thousands mark (`,`, `.`, a space, `’`), "" when not grouped. */
  group: string;
  /** The decimal mark, `.` or `,`. */
  decimal: string;
}

/**
 * The numbers of `text` as written. A single dot before three digits (`118.300`) is a decimal point
 * unless the registered value is that integer (`118.300 €` of 118,300): the matcher finds such a
 * grouping only beside a currency. A decimal mark equal to the grouping one (`1.234.5`) is no number's.
 */
function writtenNumbers(text: string, registered: string | undefined): WrittenNumber[] {
  const numbers: WrittenNumber[] = [];
  for (const match of text.matchAll(NUMBER)) {
    const [written, sign, integer, group = "", mark = ".", decimals = ""] = match;
    if (group !== "" && mark === group && decimals !== "") throw new OperatorError("a decimal mark that is also the grouping mark", "mldp-ambiguous-number");
    const number = { index: match.index, length: written.length, sign, integer: group === "" ? integer : integer.split(group).join(""), decimals, group, decimal: decimals === "" ? "." : mark };
    numbers.push(isDecimalPoint(number, integer, registered) ? { ...number, integer: integer.slice(0, -4), decimals: integer.slice(-3), group: "", decimal: "." } : number);
  }
  return numbers;
}

/** Whether the one `.` of a dot-grouped integer (`118.300`) is a decimal point: it is unless the registered value is that integer. */
function isDecimalPoint(number: WrittenNumber, written: string, registered: string | undefined): boolean {
  if (number.group !== "." || number.decimals !== "" || written.length !== number.integer.length + 1) return false;
  const value = registered === undefined ? null : parseNumber(registered);
  return value === null || value.integer !== number.integer.replace(/^0+(?=\d)/, "") || !/^0*$/.test(value.fraction);
}

/** `number` with its digits as `integer` and `decimals`, in its own grouping and decimal mark. */
function layOut(number: WrittenNumber, sign: string, integer: string, decimals: string, group = number.group, decimal = number.decimal): string {
  const grouped = group === "" ? integer : integer.replace(/\B(?=(\d{3})+$)/g, group);
  return `${sign}${grouped}${decimals === "" ? "" : `${decimal}${decimals}`}`;
}

/** `text` with each of its `numbers` written as `render` gives it. */
function withNumbers(text: string, numbers: readonly WrittenNumber[], render: (number: WrittenNumber, index: number) => string): string {
  let out = "";
  let copied = 0;
  numbers.forEach((number, index) => {
    out += text.slice(copied, number.index) + render(number, index);
    copied = number.index + number.length;
  });
  return out + text.slice(copied);
}

/** `text` with its numbers in one layout (`45.000,00` and `45 000.00` as `45,000.00`): what names a value that is not registered. */
function canonicalText(text: string, numbers: readonly WrittenNumber[]): string {
  return withNumbers(text, numbers, (number) => layOut(number, number.sign, number.integer, number.decimals, number.group === "" ? "" : ",", "."));
}

/** The magnitude written after `number` of `text`; `mmMillions`: the text renders a registered amount that writes no `mm` (the matcher took the span's as millions). */
function magnitudeOf(number: WrittenNumber, text: string, mmMillions = false): number {
  const match = MAGNITUDE.exec(text.slice(number.index + number.length));
  if (!match) return 1;
  if (match[4]) return mmMillions || CURRENCY_BEFORE.test(text.slice(0, number.index)) ? 1e6 : 1;
  return match[1] ? 1e3 : match[2] ? 1e6 : 1e9;
}

/** A number's size and its last decimal's step in real scale (`$1.3M`: 1,300,000 by 100,000). */
function realScale(number: WrittenNumber, text: string, mmMillions = false): { size: number; step: number } {
  const magnitude = magnitudeOf(number, text, mmMillions);
  return { size: Number(`${number.integer}.${number.decimals || "0"}`) * magnitude, step: 10 ** -number.decimals.length * magnitude };
}

/** `noise` (real scale) added to `number`, rounded to its last displayed digit and at least one of them, written in its own layout. */
function perturb(number: WrittenNumber, noise: number, magnitude: number): string {
  const { sign, decimals } = number;
  const scaled = BigInt(sign + number.integer + decimals);
  const displayed = Math.round((noise / magnitude) * 10 ** decimals.length);
  let noisy = scaled + BigInt(displayed === 0 ? Math.sign(noise) : displayed);
  if (sign === "" && noisy < 0n) noisy = 0n;
  const negative = noisy < 0n;
  const digits = (negative ? -noisy : noisy).toString().padStart(decimals.length + 1, "0");
  return layOut(number, negative ? "-" : "", digits.slice(0, digits.length - decimals.length), digits.slice(digits.length - decimals.length));
}

/** The place `number` is rounded to, in real scale: its last displayed digit's, times ten per trailing zero (`143,000`: 1,000; `$4.2M`: 100,000). */
function roundingUnit(number: WrittenNumber, magnitude: number): number {
  const digits = (number.integer + number.decimals).replace(/^0+/, "");
  const zeros = digits.length - digits.replace(/0+$/, "").length;
  return 10 ** (zeros - number.decimals.length) * magnitude;
}

/** Float error a quotient may carry (`42.000000001` is 42 when rounded away). */
const ROUNDING_EPSILON = 1e-9;

/**
 * What a rounding of a registered value shows for its surrogate (real scale): the surrogate `noisy`
 * rounded as `written` is, away from the written figure where the nearest is nearer it (`about $143,000` of 143,250 ->
 * `about $146,000` for 145,323), not the rounding moved by the noise (`$145,073` told the value's last digits: the surrogate
 * minus it is the rounding's error). Where that rounding is the written number itself, one place finer, down to one place past `finest`.
 * Away, so a coarse rounding never brings the surrogate back within the noise's floor (round 20 red team: `roughly $4.1M` of
 * 4,096,358 came out `$4.2M` for a surrogate 3 % off: 2.5 %, what a judge reads as the value).
 */
function roundedSurrogate(written: number, unit: number, noisy: number, finest: number): number {
  const away = noisy >= written ? (x: number) => Math.ceil(x - ROUNDING_EPSILON) : (x: number) => Math.floor(x + ROUNDING_EPSILON);
  for (let place = unit; place >= finest / 10; place /= 10) {
    const nearest = Math.round(noisy / place) * place;
    if (nearest === written) continue;
    return Math.abs(nearest - written) < Math.abs(noisy - written) ? away(noisy / place) * place : nearest;
  }
  return noisy;
}

/** `value` (real scale) written as `number` of `text` is, rounded as it is (`roundedSurrogate`). */
function roundedLike(number: WrittenNumber, text: string, value: number, mmMillions: boolean): string {
  const magnitude = magnitudeOf(number, text, mmMillions);
  const shown = realScale(number, text, mmMillions);
  const rounded = roundedSurrogate(shown.size, roundingUnit(number, magnitude), value, shown.step);
  // One place finer than written gets its decimal (round 20 red team: `about $2 million` of 1.95M came out `about $1 million` for 1.74M, not `$1.7 million`).
  const places = rounded === value ? 0 : (/\.(\d+)$/.exec(String(Math.round((rounded / magnitude) * 1e6) / 1e6))?.[1].length ?? 0);
  const finer = places > number.decimals.length ? { ...number, decimals: number.decimals.padEnd(places, "0") } : number;
  return perturb(finer, rounded - shown.size, magnitude);
}

/** The first number of `written` replaced by `value` (real scale) rounded as it is (`about $8,360` for a surrogate share of 8,436.2: `about $8,440`). */
export function roundedNumber(written: string, value: number): string {
  const [number] = writtenNumbers(written, undefined);
  if (number === undefined) throw new OperatorError("no number to write", "mldp-no-number");
  // The span was read as an amount (`writtenAmountValue`): its `mm` is millions.
  return withNumbers(written, [number], () => roundedLike(number, written, value, true));
}

/**
 * The first number of `written` (or `every` one: a band's two ends) moved by `delta` (real scale), rounded
 * to its last displayed digit and by at least one, in its own layout (`$7,050/month` moved by -862.4 ->
 * `$6,188/month`): an amount computed from a noisy value shows that value's noise scaled alike.
 */
export function movedNumber(written: string, delta: number, which: "first" | "every" = "first"): string {
  const all = writtenNumbers(written, undefined);
  if (all.length === 0) throw new OperatorError("no number to move", "mldp-no-number");
  const numbers = which === "every" ? all : all.slice(0, 1);
  const magnitudeIn = (number: WrittenNumber) => magnitudeOf(number, written);
  // A band's magnitude written once counts for both ends (`$145-155K`).
  const shared = which === "every" ? magnitudeIn(all[all.length - 1]) : 1;
  // A band moves by whole widths (`$140,000–$150,000` by 10,000s): moved by the noise itself, its ends minus round ones gave the
  // noise, and the surrogate minus that the value; by widths, it tells the value no closer than the band did.
  const end = (number: WrittenNumber) => realScale(number, written).size * (Math.max(magnitudeIn(number), shared) / magnitudeIn(number));
  const width = which === "every" ? Math.abs(end(numbers[numbers.length - 1]) - end(numbers[0])) : 0;
  const moved = width > 0 ? Math.round(delta / width) * width : delta;
  return withNumbers(written, numbers, (number) => perturb(number, moved, Math.max(magnitudeIn(number), shared)));
}

/** Scales a field's values live on (credit scores 300-850): a surrogate outside it (`922`) read as fake and told the real one was near its end. */
const SCALES: ReadonlyArray<{ field: RegExp; min: number; max: number }> = [{ field: /credit.?score|fico/i, min: 300, max: 850 }];

/**
 * `noise` for a value of `size` kept inside its field's scale: reflected (the same distance the other
 * way) where that stays inside, else up to the bound, and never onto the value itself (a step inward then).
 */
function insideScale(field: string | null, size: number, noise: number, step: number): number {
  const scale = field ? SCALES.find((candidate) => candidate.field.test(field)) : undefined;
  if (!scale || size < scale.min || size > scale.max || (size + noise >= scale.min && size + noise <= scale.max)) return noise;
  if (size - noise >= scale.min && size - noise <= scale.max) return -noise;
  const bounded = (size + noise > scale.max ? scale.max : scale.min) - size;
  return bounded !== 0 ? bounded : noise > 0 ? -step : step;
}

export function createMldpOperator(options: MldpOptions, key: Uint8Array): Operator {
  if (!(options.epsilon > 0)) throw new RangeError("mldp epsilon must be positive");
  /**
   * Steps of noise for a number of a value, from its own keyed stream: every rendering of that value
   * (`$45,000`, `45 000,00`) moves by the same noise, so releases cannot be averaged, and nothing
   * needs remembering. Never zero, nor within the floor: that would release the real value or its leading digits.
   */
  const stepsOf = (label: string, epsilonPerStep: number, least: number): number => sampleNonZeroDiscreteLaplace(epsilonPerStep, keyedUniforms(key, label), least);
  return {
    action: "mldp",
    name: "mldp-discrete-laplace",
    apply(input: OperatorInput): OperatorOutput {
      const { value, registered } = input;
      // One number in whatever grouping it was written: noise on a part of it would leave the rest real.
      const numbers = writtenNumbers(value, registered);
      if (numbers.length === 0) throw new OperatorError("no number to perturb", "mldp-no-number");
      // A rendering of a registered value moves with that value's noise: its size and resolution are the registered number's.
      const origin = `${input.field ?? ""}\u0000${registered ?? canonicalText(value, numbers)}`;
      const anchors = registered === undefined ? [] : writtenNumbers(registered, registered);
      const mmMillions = registered !== undefined && !/mm/i.test(registered);
      // A score's total is its scale (`21/30`, `21 out of 30`: the MoCA's 30), not the value: it stays.
      const total = registered !== undefined && SCORE_OUT_OF.test(registered.trim()) && numbers.length === 2 ? 1 : -1;
      const text = withNumbers(value, numbers, (number, found) => {
        if (found === total) return value.slice(number.index, number.index + number.length);
        const { size, step } = anchors.length === numbers.length ? realScale(anchors[found], registered!) : realScale(number, value);
        const unit = options.unit[input.kind] ?? options.unit["*"] ?? Math.max(step, Math.abs(size) * options.relativeUnit);
        const drawn = stepsOf(`${origin}\u0000${found}`, (options.epsilon * step) / unit, Math.max(1, Math.ceil((options.floor * unit) / step - 1e-9))) * step;
        const noise = insideScale(input.field, size, drawn, step);
        // A rounding of the registered value (`about $143,000`) shows the surrogate rounded alike.
        if (anchors.length === numbers.length && realScale(number, value, mmMillions).size !== size) return roundedLike(number, value, size + noise, mmMillions);
        return perturb(number, noise, magnitudeOf(number, value, mmMillions));
      });
      return { text };
    },
  };
}
