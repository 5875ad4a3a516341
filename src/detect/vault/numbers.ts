import { whole, type Variant } from "./variant.js";

const LAYOUT_CONFIDENCE = 0.95;
/** Rounded renderings (`$206K`, `$1.3M`, `1.29 million`) can be another nearby amount. */
const ROUNDED_CONFIDENCE = 0.6;
const MIN_ROUNDED = 10_000;

const NUMBER = /^-?(\d+)(?:\.(\d+))?$/;

/** Parse a vault number written plainly or with currency and grouping (`$205,902.00`). */
export function parseNumber(value: string): { integer: string; fraction: string } | null {
  const match = NUMBER.exec(value.trim().replace(/^[$€£¥]|[\s,]|(?:usd|eur|gbp)$/gi, ""));
  return match ? { integer: match[1].replace(/^0+(?=\d)/, ""), fraction: match[2] ?? "" } : null;
}

function groupThousands(integer: string): string {
  return integer.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

function fractionForms(fraction: string): string[] {
  if (fraction === "") return ["", ".00", ".0"];
  const forms = [`.${fraction}`];
  if (fraction.length === 1) forms.push(`.${fraction}0`);
  if (/^0+$/.test(fraction)) forms.push("");
  const trimmed = fraction.replace(/0+$/, "");
  if (trimmed !== fraction && trimmed !== "") forms.push(`.${trimmed}`);
  return forms;
}

function trimDecimals(n: number, digits: number): string {
  return n.toFixed(digits).replace(/\.?0+$/, "");
}

/** Renderings of a number with or without thousands grouping, currency and decimals; rounded k/M forms for amounts. */
export function numberVariants(kind: string, value: { integer: string; fraction: string }): Variant[] {
  const integers = value.integer.length > 3 ? [value.integer, groupThousands(value.integer)] : [value.integer];
  const variants = integers.flatMap((i) => fractionForms(value.fraction).map((f) => whole(i + f, LAYOUT_CONFIDENCE)));
  const amount = Number(`${value.integer}.${value.fraction || "0"}`);
  if (kind !== "amount" || amount < MIN_ROUNDED) return variants;
  const thousands = amount / 1_000;
  for (const form of new Set([trimDecimals(thousands, 0), trimDecimals(thousands, 1)])) {
    variants.push(whole(`${form}k`, ROUNDED_CONFIDENCE), whole(`${form} thousand`, ROUNDED_CONFIDENCE));
  }
  if (amount >= 1_000_000) {
    const millions = amount / 1_000_000;
    for (const form of new Set([trimDecimals(millions, 1), trimDecimals(millions, 2)])) {
      variants.push(whole(`${form}m`, ROUNDED_CONFIDENCE), whole(`${form} million`, ROUNDED_CONFIDENCE));
    }
  }
  return variants;
}
