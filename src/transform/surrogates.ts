import type { Action } from "../event.js";
import { OutputText } from "./surrogate-grammar.js";
import { resolveOverlaps } from "../detect/base.js";
import { layHandle, localPart } from "../detect/vault/emails.js";
import type { VariantRole } from "../detect/vault/variant.js";
import { Vault, type VaultEntry } from "../detect/vault/vault.js";
import { escapedAs, unescapedText } from "../detect/vault/normalize.js";
import { ageAt, ageLike, agesOf, writtenAges } from "../detect/vault/ages.js";
import { isBirthField } from "../detect/vault/birth-dates.js";
import { amountLike } from "../detect/vault/numbers.js";
import { parseDate, type CalendarDate } from "../detect/vault/dates.js";
import type { Detection } from "../detect/base.js";
import { heldByLonger } from "../detect/held-by-longer.js";
import { open, seal } from "../crypto/aes-gcm.js";
import { bytesAsLetters, keyedLetterTag, keyedTag, lettersAsBytes } from "../crypto/keys.js";
import type { Operator, OperatorInput, OperatorOutput } from "./base.js";
import { memoize } from "./operators/format.js";
import { renderedPart } from "./partial-rendering.js";
import { shiftedDate, withRealWeekday } from "./surrogate-parts.js";
import { derivedDateDetector } from "../detect/vault/derived-dates.js";
import { countedFrom, elapsedSpans, monthsBetween, shiftedElapsed } from "../detect/vault/elapsed.js";
import { copyCase, isKeyedTag } from "./operators/pseudonym.js";
import { sortInPlace } from "../detect/sort.js";

/** Actions whose output can be traced back to the vault value without shared state. */
const REVERSIBLE: readonly Action[] = ["fpe", "pseudonymize"];
const REVERSED_LIMIT = 4096;
/** `[REDACTED:kind#tag]`, or `[REDACTED:kind#tag~sealed]` carrying the exact text it replaced, AES-GCM-sealed (`bytesAsLetters`). */
const SEAL_PATTERN = /\[REDACTED:[\w-]+#([a-p]+)(?:~([a-p]+))?\]/g;
/** Letters of a placeholder tag (4 bits each, 64 bits): two vault values sharing one is negligible (n^2 / 2^65), and refused when it happens. */
export const SEAL_TAG_LETTERS = 16;

/** How the index applies an operator: the guard passes its memoized apply, so transforms reuse what setup computed. */
export type ApplyOperator = (operator: Operator, input: OperatorInput) => OperatorOutput | Promise<OperatorOutput>;

interface SurrogateOrigin {
  entry: VaultEntry;
  action: Action;
  /** The value's surrogate under `action`. */
  surrogate: string;
}

/**
 * Finds the surrogates this deployment's keys give every vault value (FPE ciphertexts, pseudonyms,
 * sealed placeholders) and maps them back. Everything is derived from vault + secret, so replicas
 * and resumed processes restore each other's surrogates with no shared map.
 */
export class SurrogateIndex {
  private readonly matcher: Vault;
  private readonly origins: SurrogateOrigin[] = [];
  /** The value each tag seals; null where two values share a tag: such placeholders open for nobody. */
  private readonly seals = new Map<string, VaultEntry | null>();
  /** Seal tag of each indexed entry by field and value: every reversible redaction needs one, an HMAC each. */
  private readonly sealTags = new Map<string, string>();
  private indexed = 0;
  /** The registered value each surrogate stands for, by action and surrogate (lowercase). */
  private readonly owners = new Map<string, string>();
  /** Values, by action, whose surrogate another registered value also gets (pseudonyms of unlisted names). */
  private readonly shared = new Set<string>();
  /** Enciphered dates (no birth dates) as their surrogates, under their origin's matcher field: the dates computed from them. */
  private readonly surrogateDates: VaultEntry[] = [];
  private readonly derivedFromSurrogates = derivedDateDetector(() => this.surrogateDates);
  /** Reversal is a decryption per surrogate; the same surrogates come back at every hop. */
  private readonly reversed = new Map<string, string>();
  /** Placeholders made and opened: an HMAC and an AES-GCM pass each, for spans that come back at every hop. */
  private readonly sealedSpan = memoize((key: string) => {
    const [kind, tag, span] = JSON.parse(key) as [string, string, string];
    const context = `recons-placeholder:${tag}`;
    const nonce = Buffer.from(keyedTag(this.#sealKey, `${context}\u0000${span}`, 24), "hex");
    return `[REDACTED:${kind}#${tag}~${bytesAsLetters(seal(this.#spanKey!, paddedSpan(span), context, nonce))}]`;
  }, REVERSED_LIMIT);
  private readonly openedSpan = memoize((key: string): string | null => {
    const [tag, sealed] = JSON.parse(key) as [string, string];
    try {
      const bytes = lettersAsBytes(sealed);
      return bytes === null ? null : unpaddedSpan(open(this.#spanKey!, bytes, `recons-placeholder:${tag}`));
    } catch {
      return null;
    }
  }, REVERSED_LIMIT);

  /** Keys in #private fields: a guard printed or serialized must not show them. */
  readonly #sealKey: Uint8Array;
  /** AES-256 key of the exact texts placeholders carry; without it, placeholders restore to the vault value. */
  readonly #spanKey?: Uint8Array;

  constructor(
    private readonly vault: Vault,
    private readonly operators: ReadonlyMap<Action, Operator>,
    sealKey: Uint8Array,
    private readonly apply: ApplyOperator = (operator, input) => operator.apply(input),
    spanKey?: Uint8Array,
    /** Name tokens pseudonyms avoid (`OperatorInput.avoid`), for surrogates and their reversal alike. */
    private readonly avoid?: ReadonlySet<string>,
    /** Letters of placeholder tags (tests shorten them to make collisions). */
    private readonly tagLetters = SEAL_TAG_LETTERS,
    /** The matcher of the index this one is forked from (`fork`). */
    forkedMatcher?: Vault,
  ) {
    this.#sealKey = sealKey;
    this.#spanKey = spanKey;
    // The matcher's "field" is the origin's index (with the real field's name, `originField`), so variants of a surrogate map back to it.
    // A keyed tag (`ADDRESS-78548508`) is matched as the identifier it is, not in its value's kind (an
    // address's variants of it would include the bare word `address`).
    // A name's surrogate of another operator than the pseudonym (its letters enciphered: `Vhcoavk Tmxyod SSN` of William Harris III)
    // is matched whole only: its parts are no names, and one read as a surname alone restored the word `SSN` (round 19 red team).
    const typeOf = (origin: string, surrogate: string) => {
      const { entry, action } = this.origins[originIndex(origin)];
      if (isKeyedTag(surrogate)) return { kind: "id", valueType: "format" as const };
      return entry.kind === "name" && action !== "pseudonymize" ? { kind: "text", valueType: entry.valueType } : entry;
    };
    this.matcher = forkedMatcher ? forkedMatcher.forkAlong(vault, typeOf) : vault.companion(typeOf);
  }

  /**
   * A copy for `vault`, a fork of this index's vault, that applies operators through `apply`: what
   * this index holds is copied (its automata shared), entries and memos from here on are its own.
   */
  fork(vault: Vault, apply: ApplyOperator): SurrogateIndex {
    const copy = new SurrogateIndex(vault, this.operators, this.#sealKey, apply, this.#spanKey, this.avoid, this.tagLetters, this.matcher);
    for (const origin of this.origins) copy.origins.push(origin);
    for (const [tag, entry] of this.seals) copy.seals.set(tag, entry);
    for (const [sealed, tag] of this.sealTags) copy.sealTags.set(sealed, tag);
    for (const [surrogate, owner] of this.owners) copy.owners.set(surrogate, owner);
    for (const value of this.shared) copy.shared.add(value);
    copy.surrogateDates.push(...this.surrogateDates);
    copy.indexed = this.indexed;
    return copy;
  }

  /** The placeholder tag of a sealed value. */
  sealTag(field: string, value: string): string {
    const sealed = sealInput(field, value);
    return this.sealTags.get(sealed) ?? keyedLetterTag(this.#sealKey, sealed, this.tagLetters);
  }

  /** The restorable placeholder of `span`, a form of `value` under `field`: its tag and, sealed, the exact span. */
  placeholder(kind: string, field: string, value: string, span: string): string {
    const tag = this.sealTag(field, value);
    // A value computed from the field's (a record's total: round 14 red team) is no vault entry: its readers are the field's too.
    if (!this.seals.has(tag)) this.seals.set(tag, { field, value, kind, valueType: "value" });
    // Deterministic (synthetic nonce), so the same span seals alike at every hop: made once.
    return this.#spanKey === undefined ? `[REDACTED:${kind}#${tag}]` : this.sealedSpan(JSON.stringify([kind, tag, span]));
  }

  /** Replace surrogates by the real value where `allowed(field)`; with `ageReference`, the ages their birth dates gave too (`realAges`). */
  restore(text: string, allowed: (field: string) => boolean, ageReference?: CalendarDate): string {
    return this.restoreSpans(text, allowed, ageReference).text;
  }

  /**
   * `restore`, with where each real value now stands: a word that only looked like a surrogate
   * (`Novak` in a firm's name) has become a real value, which the caller must protect as one.
   */
  restoreSpans(text: string, allowed: (field: string) => boolean, ageReference?: CalendarDate): RestoredText {
    this.catchUp();
    const unsealed = text.includes("[REDACTED:") ? this.unseal(text, allowed) : { text, spans: [] };
    if (this.origins.length === 0) return unsealed;
    const detected = this.matcher.detect(unsealed.text);
    const anchored = new Set(detected.flatMap((detection) => (detection.role === "acronym" ? [] : [detection.field])));
    const matched = detected.filter((detection) => {
      const { entry, action } = this.origins[originIndex(detection.field!)];
      // A surrogate two values share is restored to neither: the reader would get the wrong one half the time.
      return allowed(entry.field) && !this.shared.has(`${action}\u0000${entry.value}`) && !isUnanchoredInitials(detection, anchored);
    });
    if (matched.length === 0) return unsealed;
    // A surrogate's part inside a longer form of a registered value as written is that value's: a number (`Oct 21` of a surrogate
    // date inside `Oct 21 '25`, another registered date) or a word (a surname's pseudonym inside the domain of `PENNY57@HALL-WOODS.ORG`).
    const real = this.vault.detect(unsealed.text);
    const held = heldByLonger(matched, real);
    // A surrogate's rough form that is exactly a registered value as written, more surely, is that value: `360000`, a
    // rounding of the surrogate amount 368,113.78, is someone's registered income (reversing it would decipher a rounding).
    const certainty = new Map<string, number>();
    for (const { start, end, confidence } of real) certainty.set(`${start}:${end}`, Math.max(confidence, certainty.get(`${start}:${end}`) ?? 0));
    const kept = matched.filter((detection) => !held.has(detection) && !((certainty.get(`${detection.start}:${detection.end}`) ?? 0) > detection.confidence));
    const reals = new Map(kept.map((detection) => [detection, this.realOf(detection, unsealed.text)]));
    const ambiguous = ambiguousSpans(kept, reals);
    const found = ambiguous.size === 0 ? kept : kept.filter((detection) => !ambiguous.has(`${detection.start}:${detection.end}`));
    if (found.length === 0) return unsealed;
    // A value under several fields has one surrogate found once per field on the same span: each span
    // is replaced once, or the later replacement would cut into the earlier one's output.
    const surrogates: Replacement[] = resolveOverlaps(found).map((detection) => {
      const { entry } = this.origins[originIndex(detection.field!)];
      const real = reals.get(detection)!;
      const { start, end, real: restored } = entry.kind === "date" ? withRealWeekday(unsealed.text, detection.start, detection.end, real, entry.value) : { start: detection.start, end: detection.end, real };
      return { start, end, real: restored, entry, role: detection.role ?? "whole" };
    });
    const ages = ageReference === undefined ? [] : this.realAges(unsealed.text, found, [surrogates, unsealed.spans], ageReference);
    const derived = this.realDerivedDates(unsealed.text, found, [surrogates, unsealed.spans, ages]);
    const elapsed = ageReference === undefined ? [] : this.realElapsed(unsealed.text, found, [surrogates, unsealed.spans, ages, derived], ageReference);
    const replacements = ages.length + derived.length + elapsed.length === 0 ? surrogates : sortInPlace([...surrogates, ...ages, ...derived, ...elapsed], (a, b) => a.start - b.start);
    const restored = replaceSpans(unsealed.text, replacements);
    // An unsealed value a surrogate match cuts into is no longer whole: no detection for it (the text is
    // detected as any other); the others moved with the replacements before them. Both in text order,
    // read in one sweep (replacements do not overlap): a long text holds thousands of each.
    const moved: RestoredText["spans"] = [];
    let before = 0;
    let shift = 0;
    for (const span of sortInPlace([...unsealed.spans], (a, b) => a.start - b.start)) {
      for (; before < replacements.length && replacements[before].end <= span.start; before++) shift += replacements[before].real.length - (replacements[before].end - replacements[before].start);
      const next = replacements[before];
      if (next !== undefined && next.start < span.end) continue;
      moved.push({ ...span, start: span.start + shift, end: span.end + shift });
    }
    return { text: restored.text, spans: sortInPlace([...moved, ...restored.spans], (a, b) => a.start - b.start) };
  }

  /** The real text of a surrogate found in `text`: reversed as the operator wrote it (escapes decoded), escaped as the span was. */
  private realOf(detection: Detection, text: string): string {
    const written = text.slice(detection.start, detection.end);
    return escapedAs(written, this.reverse(originIndex(detection.field!), unescapedText(written), detection.role ?? "whole"));
  }

  /**
   * Whether the surrogates found at exactly [start, end) of `text` stand for different real text: a
   * part two names' pseudonyms share (`Dear Lena` of `Cesar Lewis` -> `Lena Rangel` and of `Kristine
   * Jackson` -> `Lena Bush`: unlisted first names share 32 reserved entries) names neither for certain.
   */
  isAmbiguousAt(text: string, start: number, end: number): boolean {
    this.catchUp();
    if (this.origins.length === 0) return false;
    const here = this.matcher.detect(text).filter((detection) => detection.start === start && detection.end === end);
    return ambiguousSpans(here, new Map(here.map((detection) => [detection, this.realOf(detection, text)]))).size > 0;
  }

  /**
   * Ages that an enciphered birth date found in `text` gave (`born 1937-11-14, age 88`): the age of
   * the real date instead, where the number is one its surrogate gives and, moved back by the years
   * between the two dates, one the real date gives (see ages.ts), so a reader gets the age its date
   * gives. Ages in a text without such a date are left alone: they can be anyone's.
   */
  private realAges(text: string, found: readonly Detection[], restored: ReadonlyArray<ReadonlyArray<{ start: number; end: number }>>, reference: CalendarDate): Replacement[] {
    const births = found.flatMap((detection) => {
      const { entry, action, surrogate } = this.origins[originIndex(detection.field!)];
      if (action !== "fpe" || entry.kind !== "date" || !isBirthField(entry.field)) return [];
      const [birth, shown] = [parseDate(entry.value), parseDate(surrogate)];
      return birth && shown ? [{ entry, shift: ageAt(shown, reference) - ageAt(birth, reference), ...agesOf(birth, reference) }] : [];
    });
    if (births.length === 0) return [];
    return writtenAges(text).flatMap(({ start, end, age, next }) => {
      // What is already real (a surrogate restored, an age unsealed: `Age: ~38` sealed in shared state) is not shifted again.
      if (restored.some((spans) => spans.some((span) => span.start < end && start < span.end))) return [];
      const birth = births.find((candidate) => candidate.ages.has(age - candidate.shift) || (next && age - candidate.shift === candidate.next));
      return birth ? [{ start, end, real: ageLike(age - birth.shift, text.slice(start, end)), entry: birth.entry, role: "age" as const }] : [];
    });
  }

  /**
   * Durations an enciphered date found in `text` gave (`hired 1955-11-02, tenure ~70.2 years`): counted
   * from the real date instead, where the surrogate's time to the reference day (or up to three years
   * before it) gives the number, so a reader gets the real tenure. As with ages, only beside the surrogate date.
   */
  private realElapsed(text: string, found: readonly Detection[], restored: ReadonlyArray<ReadonlyArray<{ start: number; end: number }>>, reference: CalendarDate): Replacement[] {
    const dates = found.flatMap((detection) => {
      const { entry, action, surrogate } = this.origins[originIndex(detection.field!)];
      if (action !== "fpe" || entry.kind !== "date" || isBirthField(entry.field)) return [];
      const [real, shown] = [parseDate(entry.value), parseDate(surrogate)];
      return real && shown ? [{ entry, shift: monthsBetween(real, shown), ...countedFrom(shown, reference) }] : [];
    });
    // One replacement per span: the first date whose time it counts.
    return elapsedSpans(text, dates).flatMap(({ start, end, date }, index, all) => {
      if (index > 0 && all[index - 1].start === start) return [];
      if (restored.some((spans) => spans.some((span) => span.start < end && start < span.end))) return [];
      const real = shiftedElapsed(text.slice(start, end), dates[date].shift);
      return real === null ? [] : [{ start, end, real, entry: dates[date].entry, role: "elapsed" as const }];
    });
  }

  /**
   * Dates computed from an enciphered date found in `text` (`follow-up August 17, 2053` beside the
   * surrogate `August 3, 2053`), which the transform moved with it: moved back as far, so the reader
   * gets the real timeline. As with ages, only beside the surrogate date itself: alone, a date can be anyone's.
   */
  private realDerivedDates(text: string, found: readonly Detection[], restored: ReadonlyArray<ReadonlyArray<{ start: number; end: number }>>): Replacement[] {
    const present = new Set(found.map((detection) => originIndex(detection.field!)));
    if (!this.surrogateDates.some((surrogate) => present.has(originIndex(surrogate.field)))) return [];
    return this.derivedFromSurrogates.detect(text).flatMap(({ start, end, field }) => {
      const index = originIndex(field!);
      if (!present.has(index) || restored.some((spans) => spans.some((span) => span.start < end && start < span.end))) return [];
      const { entry, surrogate } = this.origins[index];
      try {
        return [{ start, end, real: shiftedDate(entry.value, text.slice(start, end), surrogate), entry, role: "derived-date" as const }];
      } catch {
        // A date the transform could not have moved either (unreadable) stays as written.
        return [];
      }
    });
  }

  /** Sealed placeholders of allowed fields replaced by their values. */
  private unseal(text: string, allowed: (field: string) => boolean): RestoredText {
    const replacements: Replacement[] = [];
    for (const match of text.matchAll(SEAL_PATTERN)) {
      const original = this.seals.get(match[1]);
      if (original && allowed(original.field)) {
        // The exact text the placeholder replaced (`her diabetes`, `$45,000`), else the vault value.
        const opened = match[2] === undefined || this.#spanKey === undefined ? null : this.openedSpan(JSON.stringify([match[1], match[2]]));
        const real = opened ?? original.value;
        replacements.push({ start: match.index, end: match.index + match[0].length, real, entry: original, role: "whole" });
      }
    }
    return replaceSpans(text, replacements);
  }

  /**
   * The real text of `span`, a rendering in `role` of an origin's surrogate. A partial rendering
   * restores to the same part of the real value, never to all of it: the reader of `****8757` or
   * `Dear Zed` must not get a whole identifier or name where the sender wrote 4 digits or a first name.
   */
  private reverse(origin: number, span: string, role: VariantRole): string {
    const { entry, surrogate, action } = this.origins[origin];
    if (role === "local-part") return layHandle(span, localPart(entry.value) ?? "") ?? span;
    const part = renderedPart(role, span, surrogate, entry.value);
    if (part !== undefined) return part ?? span;
    const amount = entry.kind === "amount" && action === "fpe" ? amountLike(span, surrogate, entry.value) : undefined;
    if (amount !== undefined) return amount;
    const real = this.reverseWhole(origin, span);
    // A pseudonym written in capitals (or lowercase) was the name written so: it restores so.
    return action === "pseudonymize" ? copyCase(span, real) : real;
  }

  private reverseWhole(origin: number, span: string): string {
    // By origin, not field: a failed reversal falls back to that origin's own value.
    const key = `${origin}\u0000${span}`;
    let real = this.reversed.get(key);
    if (real === undefined) {
      real = this.reverseUncached(this.origins[origin], span);
      if (this.reversed.size >= REVERSED_LIMIT) this.reversed.clear();
      this.reversed.set(key, real);
    }
    return real;
  }

  private reverseUncached({ entry, action }: SurrogateOrigin, span: string): string {
    const operator = this.operators.get(action);
    try {
      return operator?.reverse ? operator.reverse(span, { ...entry, registered: entry.value, avoid: this.avoid }) : entry.value;
    } catch {
      return entry.value; // The span's own form could not be reversed; the vault value is still exact.
    }
  }

  /** Whether another registered value gets the same surrogate from `action` as `value` does. */
  isShared(action: Action, value: string): boolean {
    this.catchUp();
    return this.shared.has(`${action}\u0000${value}`);
  }

  /** Index the vault's current entries and build the matcher now rather than on first use. */
  prepare(): void {
    this.catchUp();
    this.matcher.prepare();
  }

  /** Index the entries added to the vault since the last call (the vault only grows). */
  private catchUp(): void {
    const entries = this.vault.entries();
    for (; this.indexed < entries.length; this.indexed++) this.index(entries[this.indexed]);
  }

  /** Record that `value` gets `surrogate` from `action`; a surrogate of two values marks both shared. */
  private claim(action: Action, surrogate: string, value: string): void {
    const key = `${action}\u0000${surrogate.toLowerCase()}`;
    const owner = this.owners.get(key);
    if (owner === undefined) this.owners.set(key, value);
    else if (owner !== value) for (const held of [owner, value]) this.shared.add(`${action}\u0000${held}`);
  }

  private index(entry: VaultEntry): void {
    const tag = this.sealTag(entry.field, entry.value);
    const holder = this.seals.get(tag);
    // Another value with the same tag: its placeholder could open for the other field's readers.
    const shared = holder === null || (holder !== undefined && sealInput(holder.field, holder.value) !== sealInput(entry.field, entry.value));
    this.seals.set(tag, shared ? null : entry);
    this.sealTags.set(sealInput(entry.field, entry.value), tag);
    for (const action of REVERSIBLE) {
      const operator = this.operators.get(action);
      if (!operator?.reverse) continue;
      try {
        const output = this.apply(operator, { value: entry.value, field: entry.field, kind: entry.kind, valueType: entry.valueType, avoid: this.avoid });
        if (output instanceof Promise || output.text === entry.value) continue;
        this.claim(action, output.text, entry.value);
        this.origins.push({ entry, action, surrogate: output.text });
        this.matcher.add(originField(this.origins.length - 1, entry.field), output.text);
        if (action === "fpe" && entry.kind === "date" && !isBirthField(entry.field)) {
          this.surrogateDates.push({ field: originField(this.origins.length - 1, entry.field), value: output.text, kind: "date", valueType: entry.valueType });
        }
      } catch {
        // A value the operator cannot transform never appears as its surrogate.
      }
    }
  }
}

/** Spans (`start:end`) where surrogates found on them reverse to different real text (case aside). */
function ambiguousSpans(found: readonly Detection[], reals: ReadonlyMap<Detection, string>): Set<string> {
  const realAt = new Map<string, string>();
  const ambiguous = new Set<string>();
  for (const detection of found) {
    const span = `${detection.start}:${detection.end}`;
    const real = reals.get(detection)!.toLowerCase();
    const other = realAt.get(span);
    if (other === undefined) realAt.set(span, real);
    else if (other !== real) ambiguous.add(span);
  }
  return ambiguous;
}

/** A real value put back into a text: where it stands, whose value it is, and which part of it (role). */
export interface RestoredSpan {
  start: number;
  end: number;
  entry: VaultEntry;
  role: VariantRole;
}

export interface RestoredText {
  text: string;
  /** In `text`'s coordinates, in order. */
  spans: RestoredSpan[];
}

/** A span of the input (its coordinates) to replace by `real`. */
interface Replacement extends RestoredSpan {
  real: string;
}

/** `text` with each of the ordered, disjoint `replacements` applied, and where each real value landed. */
function replaceSpans(text: string, replacements: readonly Replacement[]): RestoredText {
  const output = new OutputText();
  let cursor = 0;
  const spans: RestoredSpan[] = [];
  for (const { start, end, real, entry, role } of replacements) {
    output.append(text.slice(cursor, start));
    // The article fitted back to the real value (`an eighty-year-old` of a surrogate age restores `a seventy-seven-year-old`).
    output.fitArticle(text.slice(start, end), real);
    spans.push({ start: output.length, end: output.length + real.length, entry, role });
    output.append(real);
    cursor = end;
  }
  output.append(text.slice(cursor));
  return { text: output.toString(), spans };
}

/**
 * The matcher's field of a surrogate: its origin's index, then the real field's name, so forms that
 * depend on the field (a birth date's `born in 1957`) are the surrogate's forms too.
 */
function originField(index: number, field: string): string {
  return `${index}~${field}`;
}

/**
 * A pseudonym's initials (`M.M.`, `Ms. MM`) with no other form of that pseudonym in the text: any capitals (`YUL` of an
 * airport in a log) would be restored as a real person's. Beside the pseudonym they are its initials (`M.M. (Margie McCann)`).
 */
function isUnanchoredInitials(detection: Detection, anchored: ReadonlySet<string | null>): boolean {
  return detection.role === "acronym" && detection.kind === "name" && !anchored.has(detection.field);
}

function originIndex(matcherField: string): number {
  return parseInt(matcherField, 10);
}

/** What a seal tag is the keyed hash of: the field and the value it seals. */
function sealInput(field: string, value: string): string {
  return `${field}\u0000${value}`;
}

/** Sealed spans are padded to a multiple of this many bytes: a placeholder's length told the name's (`Marchetti`: 9). */
const SEALED_SPAN_BLOCK = 32;
const PAD_MARK = 0x80;

/** The span's UTF-8 bytes, a 0x80 mark and zeros up to a whole block (ISO/IEC 7816-4 padding). */
function paddedSpan(span: string): Buffer {
  const bytes = Buffer.from(span, "utf8");
  const padded = Buffer.alloc(Math.ceil((bytes.length + 1) / SEALED_SPAN_BLOCK) * SEALED_SPAN_BLOCK);
  bytes.copy(padded);
  padded[bytes.length] = PAD_MARK;
  return padded;
}

/** The span `paddedSpan` padded; a placeholder sealed before padding (a checkpoint's) is read as it is. */
function unpaddedSpan(opened: Uint8Array): string {
  const bytes = Buffer.from(opened);
  let end = bytes.length;
  while (end > 0 && bytes[end - 1] === 0) end--;
  const padded = bytes.length % SEALED_SPAN_BLOCK === 0 && end > 0 && bytes[end - 1] === PAD_MARK;
  return bytes.subarray(0, padded ? end - 1 : bytes.length).toString("utf8");
}
