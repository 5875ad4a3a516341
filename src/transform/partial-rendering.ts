import { MONTHS, compactDateLike, ordinal, parseDate } from "../detect/vault/dates.js";
import { layIdentifier } from "../detect/vault/digit-skeletons.js";
import { spelledLike } from "../detect/vault/emails.js";
import { canaryHeadLike, labelsLike, suffixLike } from "../detect/vault/identifiers.js";
import { lastThreeOf } from "../detect/vault/last-three.js";
import { identifierHead, maskedMixedTail, maskedTail } from "../detect/vault/masked.js";
import { glueLike, initialsLike, middleNameLike, roleNamePart, spelledLettersLike } from "../detect/vault/names.js";
import { groupThousands } from "../detect/vault/numbers.js";
import { localNumber, phoneExtension } from "../detect/vault/phones.js";
import { isReadInPairs, isReadOut, pairsLike, spokenLike } from "../detect/vault/spoken-digits.js";
import type { VariantRole } from "../detect/vault/variant.js";
import { copyCase } from "./operators/pseudonym.js";

/** A whole number grouped in thousands (`138,500`). */
const THOUSANDS = /^\d{1,3}(?:,\d{3})+$/;

/**
 * `span`, a partial rendering of the value `from` in `role` (a masked tail, a name part, a glued
 * handle, digits read out), as the same part of the value `to`, laid out as `span` is. One table
 * both ways: the transform shows a surrogate's part (`from` the registered value, `to` its
 * surrogate), the restore side the real value's part (`from` the surrogate, `to` the real value).
 * Null where `to` has no such part; undefined for a role this table does not render.
 */
export function renderedPart(role: VariantRole, span: string, from: string, to: string): string | null | undefined {
  switch (role) {
    case "last-three":
      return lastThreeOf(to);
    case "masked-tail": {
      // Read out (`five-five-four-nine`, `1-1-9-0`, `fifty-one seventy-two`): the other value's last digits read out alike.
      if (isReadInPairs(span)) return pairsLike(span, to);
      if (isReadOut(span)) return spokenLike(span, to);
      if (!/\p{L}/u.test(span)) return maskedTail(to, span.replace(/\D/g, "").length);
      const tail = maskedMixedTail(to, span.replace(/[^\p{L}\p{N}]/gu, "").length);
      return tail === null ? null : copyCase(span, tail);
    }
    case "masked-head": {
      const head = identifierHead(to, span.replace(/\D/g, "").length);
      return head === null ? null : layIdentifier(span, head);
    }
    case "short-year": {
      const year = parseDate(to)?.year;
      return year === undefined ? null : String(year % 100).padStart(2, "0");
    }
    case "birthday-part": {
      const date = parseDate(to);
      if (date === null) return null;
      // The day as an ordinal (`22nd`), or the month by its name, cut and capitalized as written (`Jan`, `January`).
      if (/\d/.test(span)) return ordinal(date.day);
      const month = MONTHS[date.month - 1].slice(0, span.length === 3 ? 3 : undefined);
      return copyCase(span, /^\p{Lu}/u.test(span) ? month.charAt(0).toUpperCase() + month.slice(1) : month);
    }
    case "regrouped-digits":
      // Digits grouped in thousands stay so, however many the other value has (a short value's surrogate is padded).
      return THOUSANDS.test(span) && /^\d+$/.test(to) ? groupThousands(to) : layIdentifier(span, to);
    case "compact-date":
      return compactDateLike(span, from, to);
    case "short-head": {
      const digits = to.replace(/\D/g, "");
      return digits.length > span.length ? digits.slice(0, span.length) : null;
    }
    case "short-tail":
    case "digit-group": {
      const digits = to.replace(/\D/g, "");
      return digits.length > span.length ? digits.slice(-span.length) : null;
    }
    case "unpadded-digits":
      return to.replace(/\D/g, "").replace(/^0+(?=\d)/, "");
    case "local-number":
      return layIdentifier(span, localNumber(to) ?? "");
    case "phone-extension": {
      const extension = phoneExtension(to);
      // Written without its leading zeros, the other extension is too.
      return extension === null ? null : span.replace(/\d+/, (digits) => (digits.startsWith("0") ? extension : extension.replace(/^0+(?=\d)/, "")));
    }
    case "spoken-digits":
      return spokenLike(span, to);
    case "spelled-letters":
      return spelledLettersLike(span, from, to);
    case "spelled-email":
      return spelledLike(span, from, to);
    case "canary-suffix":
      return suffixLike(span, to);
    case "canary-label":
      return labelsLike(span, to);
    case "canary-head":
      return canaryHeadLike(span, from, to);
    case "glued-name":
    case "glued-initial":
    case "glued-surname-first":
    case "glued-surname-initial":
      return glueLike(span, to, role);
    case "acronym":
      return initialsLike(span, to);
    case "title-initial": {
      const surname = roleNamePart(to, "surname");
      return surname === null ? null : span.replace(/\p{L}$/u, surname.charAt(0).toUpperCase());
    }
    case "middle-name": {
      const middle = middleNameLike(span, from, to);
      return middle === null ? null : copyCase(span, middle);
    }
    case "first-name":
    case "surname":
    case "surname-plural": {
      const part = roleNamePart(to, role);
      return part === null ? null : copyCase(span, part);
    }
    default:
      return undefined;
  }
}
