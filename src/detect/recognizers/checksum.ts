/** Check-digit rules shared by the number recognizers (cards, ABA routing). Inputs are digit strings. */

/** Luhn mod 10 (ISO/IEC 7812), used by payment cards. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = digits.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return false;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return digits.length > 0 && sum % 10 === 0;
}

const ABA_WEIGHTS = [3, 7, 1, 3, 7, 1, 3, 7, 1];

/** ABA routing transit number: weights 3-7-1 over 9 digits sum to a multiple of 10. */
export function abaChecksumValid(digits: string): boolean {
  if (!/^\d{9}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += ABA_WEIGHTS[i] * (digits.charCodeAt(i) - 48);
  return sum % 10 === 0;
}

/** The digits of `s`, separators dropped. */
export function digitsOf(s: string): string {
  return s.replace(/\D/g, "");
}
