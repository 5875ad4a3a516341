import type { ValueType } from "../../event.js";
import type { Detection, Recognizer } from "../base.js";

/** 7+ digits joined by at most 3 separators: part of every card, SSN, routing, account and phone number. */
const LONG_DIGIT_RUN = /\d(?:[\s().\/+-]{0,3}\d){6}/;

/**
 * Facts about one string that recognizers use to skip it whole. Each is computed at most once, so
 * the recognizer set pays one scan per fact instead of one per recognizer (most agent messages
 * hold no long number at all).
 */
export class TextProfile {
  #hasDigit: boolean | undefined;
  #hasLongDigitRun: boolean | undefined;

  constructor(readonly text: string) {}

  get hasDigit(): boolean {
    return (this.#hasDigit ??= /\d/.test(this.text));
  }

  get hasLongDigitRun(): boolean {
    return (this.#hasLongDigitRun ??= this.hasDigit && LONG_DIGIT_RUN.test(this.text));
  }
}

/** A recognizer that reads a shared TextProfile; alone, `detect` builds a profile of its own. */
export abstract class ProfiledRecognizer implements Recognizer {
  abstract readonly name: string;
  abstract readonly kind: string;
  abstract readonly valueType: ValueType;

  detect(text: string): Detection[] {
    return this.detectIn(new TextProfile(text));
  }

  abstract detectIn(profile: TextProfile): Detection[];
}
