import { z } from "zod";
import type { ValueType } from "../../event.js";
import type { FieldType } from "../../policy/infer.js";
import { parseConfig, vaultValueSchema, type VaultValue } from "../../policy/options.js";
import type { Detection, Detector } from "../base.js";
import { isBirthField, isSlashedDayAndMonth, standsApart } from "./birth-dates.js";
import { isMonthOfYear, isYearlessDate, parseDate, spelledDates } from "./dates.js";
import { CUT_TAIL_CONFIDENCE, CutTails } from "./cut-tails.js";
import { DigitSkeletons, SKELETON_CONFIDENCE, writtenStart } from "./digit-skeletons.js";
import { isKeySegment, isWrittenHandle } from "./emails.js";
import { isCutSuffix } from "./identifiers.js";
import { findWindows, isInflection, MAX_SUFFIX, WINDOW_CONFIDENCE, wordsNeeded, type WordHit } from "./context.js";
import { listNeighbours, type MemberHit } from "./lists.js";
import { followsMask, inFileName, isMaskedValue, mayMaskHeads, namedAsTail, namedHead, namedLastDigits, precedesMask, TAIL_DIGITS, TAILED_KINDS } from "./masked.js";
import { PREFIXED_NUMBER } from "./reference-numbers.js";
import { hasDigitRunIn } from "./digit-runs.js";
import { vaultMembers } from "./members.js";
import { noteClauses } from "./clauses.js";
import { afterHedge, besideCurrency, COUNT_WORDS, withoutCoarseRoundings } from "./numbers.js";
import { besideOtherName, isCapitalized, isFirmPartner, isCompoundHead, isFamilyReference, isOrdinaryNameWord, isSpeakerLabel, POSSESSIVE, isStandaloneNameReference, isLowercaseRareSurname, isSurnameInPath, isWordNameReference, precedesCapitalized, readsAsOneName, RELATION_NOTE } from "./name-parts.js";
import { SpanCover } from "../span-cover.js";
import { isDigitCode, isLowerLetterCode, NormalizeBuffer, normalizedAt, normalizeValue, originalSpan, SPACE_CODE } from "./normalize.js";
import { PatternGroup, type PatternIndex } from "./pattern-group.js";
import { isBandWordInName, isBandWordInSetPhrase, isRatingWordAsVerb, isRatingWordPointing } from "./rating-bands.js";
import { NEEDS_TOKEN_END, NEEDS_TOKEN_START, type Variant, type VariantRole } from "./variant.js";
import { isDictionaryWord, isNameWord, isTitle, lexiconTag, NAME_SUFFIXES } from "./words.js";
import { memberVariants } from "./variants.js";
import { firstStartingAt, sortInPlace } from "../sort.js";
import { isGivenNameForm, isMiddleName, nameInitials, parseName, type PersonName } from "./names.js";
import { showSummaryOnly } from "../../summary-only.js";

export interface VaultEntry {
  field: string;
  value: string;
  kind: string;
  valueType: ValueType;
}

/** The run of letters and digits right after a canary's labels (`_XXXX`, `_VW123456`): group 1. */
const CANARY_LABEL_SUFFIX = /^[_ -]?([A-Za-z0-9]+)/;
/** A courtesy title right before a person's initials (`Mr. `, `Ms `): two of them name the person there. */
const TITLE_BEFORE = /\b(?:Mr|Mrs|Ms|Mx|Miss|Dr|Prof)\.?[ \t]+$/;
const TITLE_REACH = 8;
const OPENING_PAREN = 40;
const CLOSING_PAREN = 41;
/** First name + one middle name or initial + surname (`Dwayne J. Sanchez`). */
const MIDDLE_NAME_CONFIDENCE = 0.9;
const MAX_MIDDLE_NAME = 12;
/** Given names as initials before the surname (`D. J. Sanchez`), as confident as `D. Sanchez`. */
const INITIALS_CONFIDENCE = 0.75;
/** Entry list id of a value that is not part of a list. */
const NO_LIST = -1;
/**
 * One normalization buffer for every vault: a text detected by several vaults in a row (the
 * surrogate matcher, then the values) is normalized once. Safe because detect is synchronous and
 * never nests.
 */
const sharedBuffer = new NormalizeBuffer();

interface Candidate {
  entry: number;
  start: number;
  end: number;
  confidence: number;
  role: VariantRole;
  /** Found as scattered content words: yields to any rendered form it overlaps, however long. */
  scattered?: boolean;
}

/** Everything one detect call collects from the automaton hits before resolving them. */
interface Hits {
  candidates: Candidate[];
  firstNames: Candidate[];
  /** Surname hits by normalized start; made on the first one (most texts hold none). */
  surnames: Map<number, Candidate[]> | null;
  words: WordHit[];
  listWords: Candidate[];
  /** Short numbers without their label near: they count next to another value of the vault (a CSV row). */
  unlabeled: Candidate[];
  /** Whether a masked tail's span (start and length) follows a mask, once read; made on the first one. */
  maskedTails?: Map<number, boolean>;
  /** Whether a masked head's span precedes a mask, the same way. */
  maskedHeads?: Map<number, boolean>;
  /** Whether the text may hold a masked head at all (`mayMaskHeads`), read on the first one. */
  headsMaskable?: boolean;
}

/** A masked tail (`***-**-6410`, `last four 6410`, `stmt_6410.pdf`): digits that end a token after a mask, named the last digits, or in a file name. */
function followsMaskedRest(norm: NormalizeBuffer, start: number, end: number): boolean {
  if (end !== norm.length && norm.codes[end] !== SPACE_CODE) return false;
  const [from, to] = originalSpan(norm, start, end);
  return followsMask(norm.source, norm.origin[start]) || namedLastDigits(norm.source, to) || inFileName(norm.source, from, to);
}

/** A masked head (`939-79-XXXX`): digits that start a token before a mask of the rest, or named the first ones (`BIN 601148`). */
function precedesMaskedRest(norm: NormalizeBuffer, start: number, end: number): boolean {
  if (start !== 0 && norm.codes[start - 1] !== SPACE_CODE) return false;
  const [from, to] = originalSpan(norm, start, end);
  return precedesMask(norm.source, to) || namedHead(norm.source, from, to);
}

/** A mask right after a head, then two or three digits and no more (four are a masked tail's form already): the digits. */
const MASK_THEN_TAIL = /^[*xX•#●]{2,}[ .-]?(\d{2,3})(?!\d)/u;

/** Normalized [start, end) of the digits a mask after a head at normalized `end` leads to, when `value`'s digits end with them; null otherwise. */
function tailAfterMaskedHead(norm: NormalizeBuffer, end: number, value: string): [number, number] | null {
  const to = originalSpan(norm, end - 1, end)[1];
  const match = MASK_THEN_TAIL.exec(norm.source.slice(to, to + 40));
  if (match === null || !value.replace(/\D/g, "").endsWith(match[1])) return null;
  const from = to + match[0].length - match[1].length;
  return [normalizedAt(norm, from), normalizedAt(norm, from + match[1].length)];
}

/** `isMasked` of normalized [start, end), read once per span: a short head or tail is many identifiers' (`410` ends one in a thousand of a 10,000-value vault). */
function isMaskedSpan(norm: NormalizeBuffer, start: number, end: number, read: Map<number, boolean>, isMasked: typeof followsMaskedRest): boolean {
  const key = start * 0x10000 + (end - start);
  let masked = read.get(key);
  if (masked === undefined) {
    masked = isMasked(norm, start, end);
    read.set(key, masked);
  }
  return masked;
}

/**
 * The vault-aware matcher: every registered value, verbatim or in a rewritten form, found in one
 * pass of an Aho-Corasick automaton over the normalized text, whatever the vault size. Normalized
 * codes and automaton hits live in reusable typed buffers; per call, only hits allocate.
 */
export class Vault implements Detector {
  readonly name = "vault";
  private readonly list: VaultEntry[] = [];
  private readonly variants: (readonly Variant[])[] = [];
  private readonly wordCounts: number[] = [];
  /** Context words of each entry that must appear together in a window (`wordsNeeded`). */
  private readonly wordsNeeded: number[] = [];
  /** List id of each entry (members of one list value share it), NO_LIST for a lone value. */
  private readonly lists: number[] = [];
  private listCount = 0;
  /** First name and surname of each name entry once asked (`personNameOf`), null for none. */
  private readonly personNames: Array<PersonName | null> = [];
  private readonly known = new Set<string>();
  private skeletons = new DigitSkeletons();
  private revision = 0;
  private cutTails = new CutTails();
  /** The birth dates' entries by their year's last two digits, as of `size` entries (`birthEntryOfYear`). */
  private birthYears = { size: -1, entries: new Map<string, number>() };
  /** The registered forms from an entry on, for `cutTails` (one function, not one per detect). */
  private readonly formsFrom = (from: number) => this.registeredForms(from);
  /** This vault's id in the group whose automata it is scanned with. */
  private readonly member: number;

  constructor(
    private readonly typeOf: (field: string, value: string) => FieldType,
    private readonly group = new PatternGroup(),
    /**
     * A matcher of surrogates: a name part alone is taken wherever it stands on its own, even as an
     * ordinary word opening a sentence (`Jean will testify`, the pseudonym of `Ralph will testify`):
     * it is there because the guard wrote it.
     */
    private readonly ofSurrogates = false,
  ) {
    this.member = group.join(this.variants);
  }

  /** A new vault of surrogates scanned in the same automata as this one: a text detected by both is scanned once. */
  companion(typeOf: (field: string, value: string) => FieldType): Vault {
    return new Vault(typeOf, this.group, true);
  }

  /**
   * A copy scanned with the automata built so far (immutable, so shared), with its own entries from
   * here on: guards of one vault and secret copy one prepared vault instead of building it again.
   */
  fork(typeOf: (field: string, value: string) => FieldType): Vault {
    return new Vault(typeOf, this.group.fork(), this.ofSurrogates).copyOf(this);
  }

  /** The fork of this companion into the group of `vault`, a fork of the vault it accompanies. */
  forkAlong(vault: Vault, typeOf: (field: string, value: string) => FieldType): Vault {
    return new Vault(typeOf, vault.group, true).copyOf(this);
  }

  private copyOf(source: Vault): this {
    // The shared automata route hits by member id: a fork must hold its source's place in the group.
    if (this.member !== source.member) throw new Error("a vault fork must join its group in its source's order");
    // In place: the group holds this vault's variant list.
    for (let entry = 0; entry < source.list.length; entry++) {
      this.list.push(source.list[entry]);
      this.variants.push(source.variants[entry]);
      this.wordCounts.push(source.wordCounts[entry]);
      this.wordsNeeded.push(source.wordsNeeded[entry]);
      this.lists.push(source.lists[entry]);
    }
    for (const key of source.known) this.known.add(key);
    this.skeletons = source.skeletons.copy();
    this.cutTails = source.cutTails.copy();
    this.listCount = source.listCount;
    this.revision = source.revision;
    return this;
  }

  get version(): number {
    return this.revision;
  }

  entries(): readonly VaultEntry[] {
    return this.list;
  }

  /** Register a value (lists and dicts: every member) as protected under `field`. */
  add(field: string, value: VaultValue): void {
    // A value that is not one (`undefined` would register the word "undefined") is refused, naming what is wrong.
    if (typeof field !== "string" || field === "" || !(typeof value === "string" || (typeof value === "number" && Number.isFinite(value)))) {
      parseConfig(vaultEntrySchema, { field, value }, "vault.add arguments");
    }
    const members = vaultMembers(value);
    const list = members.length > 1 ? this.listCount++ : NO_LIST;
    for (const member of members) {
      const key = `${field}\u0000${member.normalized}`;
      if (this.known.has(key)) continue;
      this.known.add(key);
      this.revision++; // Only a new member changes what is matched (tools re-register what they return).
      let type = this.typeOf(field, member.value);
      if (type.kind === "text" && member.key !== null) {
        const byKey = this.typeOf(member.key, member.value);
        if (byKey.kind !== "text") type = byKey;
      }
      const variants = this.ofSurrogates ? surrogateVariants(memberVariants(field, member, type), type.kind, member.value) : memberVariants(field, member, type);
      const words = variants.filter((v) => v.role === "context-word");
      this.push(field, member.value, type, variants, words.length, wordsNeeded(words), list);
      // Surrogates of a note are never written: a note is redacted, not enciphered.
      if (type.valueType !== "contextual" || this.ofSurrogates) continue;
      for (const clause of noteClauses(member.value)) {
        const clauseKey = `${field}\u0000${clause.normalized}`;
        if (this.known.has(clauseKey)) continue;
        this.known.add(clauseKey);
        this.push(field, clause.value, type, clause.variants, clause.variants.length, clause.needed, NO_LIST);
      }
    }
  }

  private push(field: string, value: string, type: FieldType, variants: readonly Variant[], wordCount: number, needed: number, list: number): void {
    this.list.push({ field, value, kind: type.kind, valueType: type.valueType });
    this.skeletons.add(this.list.length - 1, type.kind, value);
    this.variants.push(variants);
    this.wordCounts.push(wordCount);
    this.wordsNeeded.push(needed);
    this.lists.push(list);
  }

  /** Build the matcher now, so that the first detect after a batch of adds does not pay for it. */
  prepare(): void {
    this.group.indexes();
    if (!this.ofSurrogates) this.cutTails.update(this.list.length, this.formsFrom);
  }

  /** `endsText`: the text ends where its writer's did; a window of a longer text does not, so no value is cut off at its end. */
  detect(text: string, endsText = true): Detection[] {
    if (this.list.length === 0 || text === "") return [];
    const norm = sharedBuffer.normalized(text);
    const hits: Hits = { candidates: [], firstNames: [], surnames: null, words: [], listWords: [], unlabeled: [] };
    for (const index of this.group.indexes()) {
      const matches = index.matches(norm);
      for (let k = 0; k < matches.count; k++) {
        const id = matches.ids[k];
        const end = matches.ends[k];
        const start = end - index.automaton.patternLengths[id];
        const edges = index.edges[id];
        if ((edges & NEEDS_TOKEN_START && start > 0 && norm.codes[start - 1] !== SPACE_CODE) || (edges & NEEDS_TOKEN_END && end < norm.length && norm.codes[end] !== SPACE_CODE)) continue;
        for (let target = index.targetStart[id]; target < index.targetStart[id + 1]; target++) {
          if (index.targetMember[target] === this.member) this.collect(norm, index, target, start, end, hits);
        }
      }
    }
    // A value cut off by a preview or an excerpt (`James Gr...`); a cut surrogate is not restored.
    if (!this.ofSurrogates && endsText) {
      for (const cut of this.cutTails.find(norm, this.list.length, this.formsFrom)) hits.candidates.push({ ...cut, confidence: CUT_TAIL_CONFIDENCE, role: "cut-tail" });
    }
    const { candidates } = hits;
    let found: Detection[] = [];
    if (candidates.length + hits.firstNames.length + hits.words.length + hits.listWords.length + hits.unlabeled.length > 0) {
      candidates.push(...pairAroundMiddleName(norm, hits.firstNames, hits.surnames));
      candidates.push(...this.contextWindows(norm, hits.words));
      candidates.push(...this.listed(norm, candidates, hits.listWords));
      candidates.push(...besideOtherValues(candidates, hits.unlabeled));
      found = this.toDetections(norm, keepLongest(this.byTitleGender(norm, candidates), (a, b) => this.list[a].field === this.list[b].field));
      if (found.length > 0) found.push(...echoedDigits(text, found));
    }
    return this.skeletons.size === 0 ? found : this.withRegrouped(text, found);
  }

  /**
   * (normalized form, entry, whether it is an amount, one-word hints) of the values from entry `from` on, as registered: variants that glue
   * tokens (`type 2diabetes`, `jamesgrant`) would make a cut at a token's end (`diabetes type 2`,
   * `We saw James`) look like one inside a token.
   */
  private *registeredForms(from: number): Iterable<readonly [string, number, boolean, readonly string[]]> {
    for (let entry = from; entry < this.list.length; entry++) {
      const { value, kind, valueType } = this.list[entry];
      const hints = valueType === "contextual" ? this.variants[entry].filter(({ role, form }) => role === "indicator" && !form.includes(" ")).map(({ form }) => form) : [];
      yield [normalizeValue(value), entry, kind === "amount", hints];
      // A date is cut as written out too (`Date of Birth: Februa` of 1986-02-23 at a memory excerpt's end: session 55 judges).
      const date = kind === "date" ? parseDate(value) : null;
      if (date) for (const spelled of spelledDates(date)) yield [spelled, entry, false, []];
    }
  }

  /** `found` and the identifiers written in a grouping none of their variants has, where nothing was found. */
  private withRegrouped(text: string, found: Detection[]): Detection[] {
    const hits = this.skeletons.find(text);
    if (hits.length === 0) return found;
    const cover = new SpanCover();
    for (const detection of found) cover.add(detection.start, detection.end);
    for (const { start, end, entries } of hits) {
      if (cover.overlaps(start, end)) continue;
      for (const index of entries) {
        const entry = this.list[index];
        found.push({ start: writtenStart(text, start, entry.value), end, field: entry.field, kind: entry.kind, valueType: entry.valueType, tier: 1, confidence: SKELETON_CONFIDENCE, source: this.name, value: entry.value, role: "regrouped-digits" });
      }
    }
    return found;
  }

  /** Sort one automaton hit of `index`'s target `target` at normalized [start, end) into `hits` by its role's rule. */
  private collect(norm: NormalizeBuffer, index: PatternIndex, target: number, start: number, end: number, hits: Hits): void {
    const entry = index.targetEntry[target];
    const variant = this.variants[entry][index.targetVariant[target]];
    const { confidence, role } = variant;
    // A string that is this form and nothing else is a field's value (`{"last_name": "Brown"}`,
    // `{"credit_score": 580}`, a table cell): no label or sentence around it is needed to say whose.
    if (WHOLE_STRING_ROLES.has(role) && isWholeText(norm, start, end)) {
      hits.candidates.push({ entry, start, end, confidence, role });
      return;
    }
    switch (role) {
      case "context-word": {
        const wordEnd = contextWordEnd(norm, start, end, index.targetPrefix[target] === 1);
        if (wordEnd < 0) return;
        hits.words.push({ entry, word: index.targetWord[target], token: 0, start, end: wordEnd });
        // Ranked with the windows (scattered): a window through this word covers the phrase's other words too.
        if (variant.alone) hits.candidates.push({ entry, start, end: wordEnd, confidence: WINDOW_CONFIDENCE, role, scattered: true });
        return;
      }
      case "masked-tail": {
        if (variant.namedOnly ? namedAsTail(norm.source, ...originalSpan(norm, start, end)) : isMaskedSpan(norm, start, end, (hits.maskedTails ??= new Map()), followsMaskedRest)) hits.candidates.push({ entry, start, end, confidence, role });
        return;
      }
      case "masked-head":
        if ((hits.headsMaskable ??= mayMaskHeads(norm.source)) && isMaskedSpan(norm, start, end, (hits.maskedHeads ??= new Map()), precedesMaskedRest)) {
          hits.candidates.push({ entry, start, end, confidence, role });
          // The digits shown after the mask are the value's own last ones (`565832*******24`: session 55 judges), shown as the surrogate's last ones.
          const tail = tailAfterMaskedHead(norm, end, this.list[entry].value);
          if (tail !== null) hits.candidates.push({ entry, start: tail[0], end: tail[1], confidence, role: "short-tail" });
        }
        return;
      case "glued-name":
      case "glued-initial":
      case "glued-surname-first":
      case "glued-surname-initial": {
        // A handle may end in digits of its own (`ryanwilson85`): they stay as written, but for a birth year's two of the vault's
        // (round 22 red team: `rwhitfield71@gmail.com` of a birth date in 1971 came out `dhendrix71`).
        const tokenEnd = digitsToTokenEnd(norm, end);
        const handle = tokenEnd === -1 ? null : ([norm.origin[start], originalSpan(norm, start, tokenEnd)[1]] as const);
        // A token of its own, or a segment of a dotted key (`access.kfitzgerald.export`).
        if ((start === 0 || norm.codes[start - 1] === SPACE_CODE) && handle !== null && (isWrittenHandle(norm.source, ...handle) || isKeySegment(norm.source, ...handle))) {
          hits.candidates.push({ entry, start, end, confidence, role });
          const birth = tokenEnd - end === 2 ? this.birthEntryOfYear(norm.slice(end, tokenEnd)) : -1;
          if (birth !== -1) hits.candidates.push({ entry: birth, start: end, end: tokenEnd, confidence, role: "short-year" });
        }
        return;
      }
      default:
    }
    const onBoundaries = norm.onTokenBoundaries(start, end);
    if (
      !onBoundaries &&
      !(this.list[entry].kind === "amount" && afterCurrencyCode(norm, start, end)) &&
      !gluedAfterWord(norm, start, end, variant) &&
      !(this.list[entry].kind === "date" && isGluedDate(norm, start, end)) &&
      !(TAILED_KINDS.has(this.list[entry].kind) && isZeroPadded(norm, start, end))
    ) return;
    const hit = { entry, start, end, confidence, role };
    switch (role) {
      case "digit-group":
        if (variant.labels === undefined || labelNear(norm, start, end, variant.labels)) hits.candidates.push(hit);
        return;
      case "regrouped-digits":
      case "compact-date":
      case "unpadded-digits":
      case "local-number":
      case "phone-extension":
      case "spoken-digits":
      case "other-notation":
      case "spelled-letters":
      case "canary-suffix":
      case "spelled-email":
        hits.candidates.push(hit);
        return;
      case "canary-label":
      case "canary-head": {
        // Labels before a mask or placeholder (`CANARY_SSN_XXXX`, `CANARY_SSN_[Redacted]`); before a suffix of their own they are another token, the canary recognizer's whole;
        // before the first characters of this token's suffix, this token cut there (`CANARY_RISK_NOTE_0A54`, `PRIV_NOTE_5E08...`).
        const labelsEnd = originalSpan(norm, start, end)[1];
        const after = CANARY_LABEL_SUFFIX.exec(norm.source.slice(labelsEnd, labelsEnd + 40));
        if (role === "canary-label" && (after === null || /^[Xx]+$/.test(after[1]))) hits.candidates.push(hit);
        else if (after !== null && isCutSuffix(after[1], this.list[entry].value)) hits.candidates.push({ ...hit, end: normalizedAt(norm, labelsEnd + after[0].length), role: "canary-head" });
        return;
      }
      case "whole": {
        if (endsInPossessive(norm, start, end)) return;
        if (variant.capitalized && !lastWordCapitalized(norm, start, end)) return;
        // The value itself, not its other names (`Human Resources` of `HR`); in lowercase, only inside a slug (`#hr-team`).
        if (isWordInCapitals(this.list[entry].value) && end - start === this.list[entry].value.length && !writtenAs(norm, start, end, this.list[entry].value) && !inSlug(norm.source, ...originalSpan(norm, start, end))) return;
        if (this.list[entry].kind === "name" && !this.readsAsThisName(norm, start, end, variant, entry)) return;
        if (variant.endsName && capitalizedWordAfter(norm.source, originalSpan(norm, start, end)[1])) return;
        // A date's parts sit in one cell of one line (round 14 red team: `26`; | **1/26` read as 26/1/26 across a table's pipe).
        if (this.list[entry].kind === "date" && ACROSS_CELLS.test(norm.source.slice(...originalSpan(norm, start, end)))) return;
        const value = valueOfForm(hit, variant);
        // The year of `DOB: 1957` must stand apart: `DOB: 1957-10-03` is another date's.
        if (value === hit || standsApart(norm, value.start, value.end)) hits.candidates.push(value);
        return;
      }
      case "indicator":
        if (!endsInPossessive(norm, start, end)) hits.candidates.push(hit);
        return;
      case "title-initial": {
        // The initial in capitals, standing alone (`Ms. D.`, `Mr. R,`), not a surname's first letter (`Ms. D'Angelo`, `Mr. R-`); of the
        // record's own people only, by a title of their gender (round 20 re-judge: `Ms. D. from the clerk's office` was a witness's).
        const [from, to] = originalSpan(norm, start, end);
        if (this.lists[entry] !== NO_LIST || !this.titleFitsGender(norm.slice(start, end), entry)) return;
        if (/^\p{Lu}$/u.test(norm.source.charAt(to - 1)) && !/^[\p{L}\p{N}'’-]/u.test(norm.source.slice(to, to + 1)) && /^\p{Lu}/u.test(norm.source.charAt(from))) hits.candidates.push(hit);
        return;
      }
      case "short-year":
      case "birthday-part": {
        // The digits alone, standing apart (`born in '58`, not `born in 58-62`).
        const value = valueOfForm(hit, variant);
        const marked = !variant.afterApostrophe || /['’‘]$/.test(norm.source.slice(0, originalSpan(norm, value.start, value.end)[0]));
        if (marked && standsApart(norm, value.start, value.end)) hits.candidates.push(value);
        return;
      }
      case "band": {
        // After a band's label (`Risk Level: Moderate`) or before it (`NI rating`) the span is the level: the label stays readable.
        // Another level's word as a verb, pointing into the text (`Below is a summary`) or opening a name (`Fair Credit Reporting Act`); the value's own word stays found however used: it is the value verbatim.
        const [from, to] = originalSpan(norm, start, end);
        const { field } = this.list[entry];
        if (isRatingWordAsVerb(field, norm.source, from, to) || isRatingWordPointing(field, norm.source, from, to) || isBandWordInName(norm.source, from, to) || isBandWordInSetPhrase(norm.source, from, to)) return;
        // A range among a scale's ranges (`Good 670-739, Fair 580-669`) is the scale's: hidden alone, it told which holds the value (round 20 red team).
        if (isScaleListing(norm.source, from, to)) return;
        if (variant.labels === undefined || labelNear(norm, start, end, variant.labels)) hits.candidates.push(variant.tail ? { ...hit, start: end - variant.tail } : variant.head ? { ...hit, end: start + variant.head } : hit);
        return;
      }
      case "after-label": {
        // The value ends the form (`rating d`) or, with `head`, starts it (`c tier`).
        const [valueStart, valueEnd] = variant.head === undefined ? [end - (variant.tail ?? 0), end] : [start, start + variant.head];
        // The value's letters keep their case: `rating: A` is a grade, `rating a` an article (one may go before it: `rated an F`).
        if (!writtenAs(norm, valueStart, valueEnd, this.list[entry].value, variant.head === undefined)) return;
        // A grade in a range or list of grades (`Internal Rating A–C`, `A/B proceed`) is a policy's, not the value: found only when it was the value, it told it.
        if (inGradeRange(norm, valueStart, valueEnd)) return;
        hits.candidates.push({ ...hit, start: valueStart, end: valueEnd });
        return;
      }
      case "near-label":
        (labelNear(norm, start, end, variant.labels!) || (!onBoundaries && gluedAfterWord(norm, start, end, variant)) ? hits.candidates : hits.unlabeled).push(hit);
        return;
      case "list-word":
        hits.listWords.push(hit);
        return;
      case "yearless-date":
        if (isYearlessDate(norm, start, end)) hits.candidates.push(hit);
        return;
      case "month-year":
        if (isMonthOfYear(norm, start, end)) hits.candidates.push(hit);
        return;
      case "birthday-digits": {
        const value = valueOfForm(hit, variant);
        if (isSlashedDayAndMonth(norm, value.start, value.end)) hits.candidates.push(value);
        return;
      }
      case "beside-currency":
        if (besideCurrency(norm.source, ...originalSpan(norm, start, end))) hits.candidates.push(hit);
        return;
      case "hedged-figure":
        if (afterHedge(norm.source, originalSpan(norm, start, end)[0])) hits.candidates.push(hit);
        return;
      case "local-part":
        // Written as a handle (`Maria Gonzalez` is a name, not `maria.gonzalez`); a short one (`cmartin`) only with its label near or as the whole string.
        if (!isWrittenHandle(norm.source, ...originalSpan(norm, start, end))) return;
        if (variant.labels === undefined || labelNear(norm, start, end, variant.labels) || isWholeText(norm, start, end)) hits.candidates.push(hit);
        return;
      case "acronym": {
        // `CKD` stands for the phrase; `cat` or `Gad` is a word.
        const [from, to] = originalSpan(norm, start, end);
        // Capitals joined by `_` to more capitals are an identifier's part (`QHSW_CP` of a canary's surrogate, cut), no initials; `GFH_release.pdf` is a name's.
        if (JOINED_CAPITALS_BEFORE.test(norm.source.slice(Math.max(0, from - 2), from)) || JOINED_CAPITALS_AFTER.test(norm.source.slice(to, to + 2))) return;
        const written = norm.source.slice(from, to);
        // Initials apart are initials each with its period, the last one's too (`R.Q.`, `L. A. C.`), or joined by `&` (`R&D`): `R Q`
        // and `D-S` (letters spelled out) are anything.
        const apart = norm.codes[start + 1] === SPACE_CODE;
        const joined = /^(?:\p{Lu}\.[ \t]?)+\p{Lu}$/u.test(written) ? norm.source.charAt(to) === "." : /^\p{Lu}(?:[ \t]?&[ \t]?\p{Lu})+$/u.test(written);
        // A double-barrelled surname's initials joined by its hyphen after dotted ones (session 58 probe: `M.O.-B.`, `L. A-H`).
        const barrelled = HYPHENED_INITIALS.test(written) && written.includes(".");
        // Two of a person's initials are anyone's (`JS`, `D-S`) but after a title (`Mr. DW`, `Mr. D-W`, `Ms. C-M`).
        const pair = this.list[entry].kind === "name" && written.replace(/\P{L}/gu, "").length === 2;
        if (!/[a-z]/.test(written) && (pair && !joined ? TITLE_BEFORE.test(norm.source.slice(Math.max(0, from - TITLE_REACH), from)) : !apart || joined || barrelled)) hits.candidates.push(hit);
        return;
      }
      case "word-nickname":
      case "middle-name": {
        const [from, to] = originalSpan(norm, start, end);
        if (givenAsNickname(norm.source, from, to)) hits.candidates.push({ ...hit, role: role === "middle-name" ? role : "first-name" });
        return;
      }
      case "first-name":
        hits.firstNames.push(hit);
        break;
      case "surname-plural": {
        const [from, to] = originalSpan(norm, start, end);
        // A surrogate's plural named a family where it was written (`Potters agreed.` of `Wilsons agreed.`): restored wherever it reads as a name.
        const family = this.ofSurrogates
          ? this.isSurrogateWordNamed(norm, entry, from, to, true) && isStandaloneNameReference(norm.source, from, to, () => true)
          : isFamilyReference(norm.source, from, to, () => this.namedInFull(norm, entry));
        if (family) hits.candidates.push(hit);
        return;
      }
      default: {
        hits.surnames ??= new Map();
        const at = hits.surnames.get(start);
        if (at) at.push(hit);
        else hits.surnames.set(start, [hit]);
      }
    }
    const initialsStart = role === "surname" ? this.givenInitialsBefore(norm, entry, start, end) : -1;
    const givenStart = role === "surname" && !this.ofSurrogates ? this.givenFormBefore(norm, entry, start) : -1;
    if (initialsStart >= 0) hits.candidates.push({ entry, start: initialsStart, end, confidence: INITIALS_CONFIDENCE, role: "whole" });
    else if (givenStart >= 0) hits.candidates.push({ entry, start: givenStart, end, confidence: INITIALS_CONFIDENCE, role: "whole" });
    else {
      const [from, to] = originalSpan(norm, start, end);
      // A surrogate alone by the same rules as a real name: only a word-like name gets a word-like pseudonym (pseudonym.ts), so `Best regards` stays a greeting.
      // Never the head of a compound: `Cross-check` beside the pseudonym `Dana Cross` is the phrase (a real `Hill-check` is still taken: fail safe).
      if (this.ofSurrogates && (isCompoundHead(norm.source, to) || !this.isSurrogateWordNamed(norm, entry, from, to))) return;
      if (
        isStandaloneNameReference(norm.source, from, to, () => this.namedInFull(norm, entry)) ||
        (role === "first-name" && isSpeakerLabel(norm.source, from, to)) ||
        (role === "surname" && (isSurnameInPath(norm.source, from, to) || isFirmPartner(norm.source, from, to) || isLowercaseRareSurname(norm.source, from, to)))
      ) {
        hits.candidates.push(hit);
      } else if (role === "surname" && this.lists[entry] !== NO_LIST && isCapitalized(norm.source.slice(from, to))) {
        // A surname that is a word is a list member beside another of its list (round 13 red team: `Witnesses: Banks, Moody and Salazar`).
        hits.listWords.push(hit);
      }
    }
  }

  /** Whether a name form at normalized [start, end) reads as one name, and as this person's where it holds only some of its words. */
  private readsAsThisName(norm: NormalizeBuffer, start: number, end: number, variant: Variant, entry: number): boolean {
    const [from, to] = originalSpan(norm, start, end);
    // A last letter that opens a degree (`Zafón, M.D.`, `Hill, R.N.`) is no initial of the name.
    if (/(?:^|[^\p{L}])\p{L}$/u.test(norm.source.slice(from, to)) && /^\.\p{Lu}\./u.test(norm.source.slice(to, to + 3))) return false;
    // An initial is a capital: `Desmond a nurse visit` holds an article (round 10 red team: it had read as `Desmond A.`).
    // The same before the surname: `Halvorsen v. Raghunathan` is a caption, not `V. Raghunathan` (round 12 red team).
    const span = norm.source.slice(from, to);
    if ((/(?:^|[^\p{L}])\p{Ll}$/u.test(span) || /^\p{Ll}(?!\p{L})/u.test(span)) && /\p{Lu}/u.test(span)) return false;
    return readsAsOneName(norm.source, from, to, this.startsWithSurname(norm, start, entry)) && !(variant.nameWords && besideOtherName(norm.source, from, to));
  }

  /** Whether a form's leading title (`ms d`) fits the gender the entry's first name has, where it has one. */
  private titleFitsGender(form: string, entry: number): boolean {
    const title = TITLE_GENDER.exec(form)?.[1];
    const first = this.personNameOf(entry)?.first;
    const named = title === undefined || first === undefined ? undefined : lexiconTag(first);
    return named === undefined || (named !== "MaleName" && named !== "FemaleName") || named === (title === "mr" ? "MaleName" : "FemaleName");
  }

  /**
   * `candidates` without the people a title names wrongly where it names another by the same span (round 12 red team: `Dear Mr.
   * Lindqvist` of an allowed Howard came out as his wife Ingrid's pseudonym): a first name the lexicon knows as a man's or a
   * woman's against `Mr.` or `Ms.`/`Mrs.`/`Miss`. Alone, a title of either names the person still (a relative's surname is hers).
   */
  private byTitleGender(norm: NormalizeBuffer, candidates: Candidate[]): Candidate[] {
    const wrong = new Set<Candidate>();
    for (const candidate of candidates) {
      if (!this.titleFitsGender(norm.slice(candidate.start, Math.min(candidate.end, candidate.start + 5)), candidate.entry)) wrong.add(candidate);
    }
    if (wrong.size === 0) return candidates;
    // Dropped only where a candidate of the same span is left.
    const kept = candidates.filter((candidate) => !wrong.has(candidate));
    return candidates.filter((candidate) => !wrong.has(candidate) || !kept.some((other) => other.start === candidate.start && other.end === candidate.end));
  }

  /** Whether the name form at normalized `start` opens with the entry's surname (`Young Will` of `Will Young`). */
  private startsWithSurname(norm: NormalizeBuffer, start: number, entry: number): boolean {
    const surname = this.surnameOf(entry);
    return surname !== null && norm.slice(start, Math.min(norm.length, start + surname.length + 1)) === `${surname} `;
  }

  /** The entry of a birth date whose year ends in the two digits `yy`, or -1 (the years read once per vault size: vaults only grow). */
  private birthEntryOfYear(yy: string): number {
    if (this.birthYears.size !== this.list.length) {
      const entries = new Map<string, number>();
      this.list.forEach((entry, at) => {
        const year = entry.kind === "date" && isBirthField(entry.field) ? parseDate(entry.value)?.year.toString().slice(-2) : undefined;
        if (year !== undefined && !entries.has(year)) entries.set(year, at);
      });
      this.birthYears = { size: this.list.length, entries };
    }
    return this.birthYears.entries.get(yy) ?? -1;
  }

  /** The normalized surname of a name entry. */
  private surnameOf(entry: number): string | null {
    return this.personNameOf(entry)?.surname ?? null;
  }

  /** The normalized first name and surname of a name entry, parsed once (every match of its forms asks). */
  private personNameOf(entry: number): PersonName | null {
    let name = this.personNames[entry];
    if (name === undefined) {
      const { value } = this.list[entry];
      this.personNames[entry] = name = parseName(normalizeValue(value), value);
    }
    return name;
  }

  /**
   * Start of a capitalized short form of the entry's first name right before its surname at normalized
   * `start` (`Gabi Beard`, `Lena Petrova` of `Gabriela Beard`, `Elena Petrova`: `isGivenNameForm`), else -1.
   * Read as someone else's first name, it would have kept the surname too.
   */
  private givenFormBefore(norm: NormalizeBuffer, entry: number, start: number): number {
    const name = this.personNameOf(entry);
    const { codes, origin, source } = norm;
    if (name === null || start < 2 || codes[start - 1] !== SPACE_CODE) return -1;
    let first = start - 1;
    while (first > 0 && isLowerLetterCode(codes[first - 1])) first--;
    const letter = source.charAt(origin[first]);
    if (first === start - 1 || letter === letter.toLowerCase() || (first > 0 && codes[first - 1] !== SPACE_CODE)) return -1;
    return isGivenNameForm(norm.slice(first, start - 1), name.first) ? first : -1;
  }

  /**
   * Whether a surrogate name part alone at source[from, to) may stand for its person. A text the guard
   * did not write has words of its own that a pseudonym may share (`Labor Day`, `See Page 5`, `Emily
   * Long`): restoring them would hand an authorized reader a real name where the writer put none. So,
   * without the whole surrogate name in the text, never before another capitalized word (someone
   * else's full name), and an ordinary word only where it reads as a person (`isWordNameReference`).
   */
  private isSurrogateWordNamed(norm: NormalizeBuffer, entry: number, from: number, to: number, family = false): boolean {
    // The text-wide look for the whole name last: most parts read as the person from the words around them.
    const readsAsPerson = !precedesCapitalized(norm.source, to) && (!isOrdinaryNameWord(norm.source.slice(from, to)) || isWordNameReference(norm.source, from, to, family));
    return readsAsPerson || this.namedInFull(norm, entry);
  }

  /** Whether the whole registered value of `entry` is written in the text (`James Murray` before `James was born`). */
  private namedInFull(norm: NormalizeBuffer, entry: number): boolean {
    const whole = ` ${normalizeValue(this.list[entry].value)} `;
    return ` ${norm.slice(0, norm.length)} `.includes(whole);
  }

  /**
   * Start of two or more capital initials right before a surname at normalized [start, end) whose first is the
   * entry's first initial (`D. J. Sanchez` of `Dwayne Sanchez`: its `D. Sanchez` form), else -1.
   */
  private givenInitialsBefore(norm: NormalizeBuffer, entry: number, start: number, end: number): number {
    const { codes, origin, source } = norm;
    let first = start;
    let count = 0;
    // Each initial is one letter between spaces (or the text's start), capital in the original.
    for (let at = start - 2; at >= 0 && codes[at + 1] === SPACE_CODE && (at === 0 || codes[at - 1] === SPACE_CODE); at -= 2) {
      const letter = source.charAt(origin[at]);
      if (!isLowerLetterCode(codes[at]) || letter === letter.toLowerCase()) break;
      first = at;
      count++;
    }
    if (count < 2) return -1;
    const form = `${String.fromCharCode(codes[first])} ${norm.slice(start, end)}`;
    return this.variants[entry].some((variant) => variant.role === "whole" && variant.form === form) ? first : -1;
  }

  private contextWindows(norm: NormalizeBuffer, words: WordHit[]): Candidate[] {
    if (words.length === 0) return [];
    sortInPlace(words, (a, b) => a.start - b.start);
    let token = 0;
    let at = 0;
    for (const word of words) {
      for (; at < word.start; at++) if (norm.codes[at] === SPACE_CODE) token++;
      word.token = token;
    }
    return findWindows(words, (entry) => this.wordCounts[entry], (entry) => this.wordsNeeded[entry]).map((w) => ({ ...w, confidence: WINDOW_CONFIDENCE, role: "context-word" as const, scattered: true }));
  }

  /** List words next to another member of their list (found alone or as a list word). */
  private listed(norm: NormalizeBuffer, candidates: readonly Candidate[], listWords: readonly Candidate[]): Candidate[] {
    if (listWords.length === 0) return [];
    const words = new Set(listWords);
    const members: (MemberHit & { candidate: Candidate })[] = [];
    for (const candidate of [...candidates, ...listWords]) {
      const list = this.lists[candidate.entry];
      if (list === NO_LIST) continue;
      const [start, end] = originalSpan(norm, candidate.start, candidate.end);
      members.push({ entry: candidate.entry, list, start, end, candidate });
    }
    const kept = listNeighbours(norm.source, members);
    // Quoted alone, a list word is cited as the value (`Medication 3: 'same'`, `"Mr" could imply ...`), and so is the whole value
    // after its field's label (round 20 red team: `Known allergies: indeed.`); set in bold in a sentence, it is emphasis (round 20
    // re-judge: `**No** changes today`).
    for (const member of members) if (isQuoted(norm.source, member.start, member.end) || this.afterOwnLabel(norm.source, member)) kept.add(member);
    return [...kept].filter((hit) => words.has(hit.candidate)).map((hit) => hit.candidate);
  }

  /** Whether a list member follows its field's label right away (`Allergies: no`, `Known allergies: **indeed**`). */
  private afterOwnLabel(source: string, member: MemberHit): boolean {
    const label = FIELD_LABEL_BEFORE.exec(source.slice(Math.max(0, member.start - LABEL_BEFORE_REACH), member.start))?.[1];
    // The label's whole value or a list's first item, not a phrase's first word (`Allergies: No known allergies`).
    if (label === undefined || !VALUE_END_AFTER.test(source.slice(member.end, member.end + 8))) return false;
    const words = this.list[member.entry].field.toLowerCase().split(/[^a-z]+/).filter((word) => word.length >= 3);
    return words.some((word) => label.toLowerCase().startsWith(word.slice(0, Math.max(4, word.length - 3))));
  }

  private toDetections(norm: NormalizeBuffer, kept: Candidate[]): Detection[] {
    let mayRepeat = false;
    const detections = kept.flatMap((c) => {
      const entry = this.list[c.entry];
      const span = withValuePossessive(norm.source, withSignAndParentheses(norm.source, afterJsonKey(norm.source, originalSpan(norm, c.start, c.end), entry)), entry.value);
      const [start, end] = entry.valueType === "contextual" ? withDefinedAbbreviation(norm.source, withValueQualifiers(norm.source, span, entry.value), entry.value) : span;
      // Widened to the value's qualifiers, it may meet the span of the qualifier's own form (`stage 2` of `stage 2 hypertension`).
      if (start !== span[0] || end !== span[1]) mayRepeat = true;
      const detection: Detection = { start, end, field: entry.field, kind: entry.kind, valueType: entry.valueType, tier: 1, confidence: c.confidence, source: this.name, value: entry.value, role: c.role };
      const found = c.role === "whole" && entry.kind === "name" && QUOTE_OR_BRACKET.test(norm.source.slice(start, end)) ? this.nameWords(norm.source, detection, c.entry) : [detection];
      if (entry.kind !== "name") return found;
      const initials = this.definedInitials(norm.source, end, c.entry);
      const nickname = definedNickname(norm.source, end);
      if (initials === null && nickname === null) return found;
      mayRepeat = true;
      return [
        ...found,
        ...(initials === null ? [] : usesFrom(norm.source, initials).map(([from, to]): Detection => ({ ...detection, start: from, end: to, confidence: INITIALS_CONFIDENCE, role: "acronym" }))),
        // A middle name given as the name (`(goes by Josephine)`) shows as the pseudonym's middle name, as it restores.
        ...(nickname === null ? [] : usesFrom(norm.source, nickname).map(([from, to]): Detection => ({ ...detection, start: from, end: to, confidence: INITIALS_CONFIDENCE, role: isMiddleName(entry.value, norm.source.slice(...nickname)) ? "middle-name" : "first-name" }))),
      ];
    });
    if (!mayRepeat) return detections;
    // A defined short name or initials are found by their definition and may be by their own forms too, a widened phrase by its qualifier's: one detection each.
    const seen = new Set<string>();
    return detections.filter((detection) => {
      const key = `${detection.start}:${detection.end}:${detection.field}`;
      return !seen.has(key) && seen.add(key) !== undefined;
    });
  }

  /**
   * The person's initials in parentheses right after a form of their name (`Mr. Cavanaugh (PC)`, `Patricia W. (PW)`: round 21
   * red team), as a writer defines them for the text after: [start, end) of the letters, or null.
   */
  private definedInitials(source: string, end: number, entry: number): [number, number] | null {
    const defined = DEFINED_INITIALS.exec(source.slice(end, end + 12));
    const name = defined === null ? null : this.personNameOf(entry);
    if (defined === null || name === null) return null;
    const letters = defined[1].toLowerCase();
    const initials = nameInitials(name);
    if (letters !== initials && letters !== `${initials.charAt(0)}${initials.charAt(initials.length - 1)}`) return null;
    const start = end + defined[0].length - defined[1].length - 1;
    return [start, start + defined[1].length];
  }

  /**
   * A name written around quotes or brackets (`Margaret "Peggy" Kowalski`, `(Kate) Abernathy`) as its
   * words, each a first name or the surname: replaced whole, the marks between went with it (`Ryan "Ryan Reyna`).
   */
  private nameWords(source: string, detection: Detection, entry: number): Detection[] {
    const surname = this.surnameOf(entry);
    const span = source.slice(detection.start, detection.end);
    // A note of who the person is (`(spouse)`) stays as written: round 14 re-judge, it came out `(iris)`.
    const note = RELATION_NOTE.exec(span)?.index ?? span.length;
    return Array.from(span.matchAll(NAME_TOKEN)).flatMap((word) => {
      if (word.index >= note) return [];
      const written = normalizeValue(word[0]);
      // A title or a suffix stays (`{"judge": "Oyelaran"}`, `(Ret.)`: each had become a first name).
      if (isTitle(written) || NAME_SUFFIXES.has(written)) return [];
      const start = detection.start + word.index;
      // An initial of the surname (`(Tomasz) W.`) stands for it: as a first name it became one (`(Julian) Julian.`: round 9 red team).
      const role = written === surname || (written.length === 1 && surname?.startsWith(written) === true) ? "surname" : "first-name";
      return [{ ...detection, start, end: start + word[0].length, role }];
    });
  }
}

showSummaryOnly(Vault.prototype, "Vault", (vault) => ({ fields: [...new Set(vault.entries().map((entry) => entry.field))], values: vault.entries().length }));

/** What parts of one value are never split by: a table's pipe, a code span's backtick, a semicolon, a line break. */
const ACROSS_CELLS = /[|`;\n]/;

/** Whether the last word of normalized [start, end) starts with a capital as written. */
function lastWordCapitalized(norm: NormalizeBuffer, start: number, end: number): boolean {
  const [from, to] = originalSpan(norm, start, end);
  return /(?:^|[^\p{L}])\p{Lu}\p{L}*$/u.test(norm.source.slice(from, to));
}

/** A JSON key and its value read as one form (`"project": "Evergreen"` of `Project Evergreen`): the key is structure, the span its value (names: `nameWords`). */
function afterJsonKey(source: string, [start, end]: [number, number], entry: VaultEntry): [number, number] {
  if (entry.kind === "name" || entry.value.includes('"')) return [start, end];
  const key = /":\s*"/.exec(source.slice(start, end));
  return key === null ? [start, end] : [start + key.index + key[0].length, end];
}

/** A capitalized word right after a name's last initial (`Marc W. Ellison`): the initial is a middle one, of someone else's name. */
const CAPITALIZED_WORD_AFTER = /^\.?[ \t]+\p{Lu}\p{Ll}/u;
const WORD_AFTER_REACH = 8;

function capitalizedWordAfter(source: string, end: number): boolean {
  return CAPITALIZED_WORD_AFTER.test(source.slice(end, end + WORD_AFTER_REACH));
}

/** Initials whose last two are joined by a hyphen, the others each with its period or not (`M.O.-B`, `L. A-H`, `A.D.-M`). */
const HYPHENED_INITIALS = /^(?:\p{Lu}\.?[ \t]?)*\p{Lu}\.?-\p{Lu}$/u;

/** Marks a name's words stand around as written, not in the name (`"Peggy"`, `(Kate)`). */
const QUOTE_OR_BRACKET = /["“”()[\]]/;
/** A word of a name as written (`O'Neill`, `Ferguson-Reyes`, `St.`). */
const NAME_TOKEN = /\p{L}[\p{L}\p{M}'’.-]*/gu;

/** An abbreviation defined in parentheses right after a phrase: the initials of its first words (`Multiple Sclerosis (MS)`, `Chronic Kidney Disease (CKD)`). */
const DEFINED_ABBREVIATION = /^[ \t]*\(([A-Z][A-Z0-9]{1,7})\)/;

/** Take in an abbreviation the writer defines right after the value (`[REDACTED] (MS)` told it; two letters are looked for nowhere else). */
function withDefinedAbbreviation(source: string, [start, end]: [number, number], value: string): [number, number] {
  const defined = DEFINED_ABBREVIATION.exec(source.slice(end, end + 16));
  if (!defined) return [start, end];
  const initials = normalizeValue(value).split(" ").map((word) => word.charAt(0)).join("").toUpperCase();
  return defined[1].length >= 2 && initials.startsWith(defined[1]) ? [start, end + defined[0].length] : [start, end];
}

/** Initials in capitals in parentheses right after a name (group 1). */
const DEFINED_INITIALS = /^\.?[ \t]*\((\p{Lu}{2,3})\)/u;

/** The digits alone, not part of a longer number, an amount, a decimal, a date, a range or a word. */
const STANDS_ALONE_BEFORE = /[\p{L}\p{N}$€£#.,/:-]$/u;
const STANDS_ALONE_AFTER = /^(?:[\p{L}\p{N}%/-]|[.,:]\d)/u;
const ECHO_CONFIDENCE = 0.7;

/**
 * The digits of an identifier the text has named (`CASE-845`, `ending 3318`) written again alone further on or before (session 57
 * probe: `indexed 845 instead`, `outflows on the 3318 account`): the same identifier's, shown as the surrogate's digits (a tail as its tail).
 */
function echoedDigits(text: string, found: readonly Detection[]): Detection[] {
  const echoes = new Map<string, { detection: Detection; role: "masked-tail" | "unpadded-digits" }>();
  for (const detection of found) {
    if (detection.field === null || !TAILED_KINDS.has(detection.kind) || detection.value === undefined) continue;
    const prefixed = PREFIXED_NUMBER.exec(detection.value.trim());
    if (prefixed !== null && detection.role !== "masked-tail") echoes.set(prefixed[2], { detection, role: "unpadded-digits" });
    else if (isMaskedValue(detection.value) || detection.role === "masked-tail") {
      const digits = text.slice(detection.start, detection.end).replace(/\D/g, "");
      if (digits.length >= TAIL_DIGITS) echoes.set(digits, { detection, role: "masked-tail" });
    } else if (detection.kind === "phone" && detection.role === "whole") {
      // A phone's last four once the text wrote the number (session 58 probe: `617-555-0148 ... on the 0148 line`).
      const digits = detection.value.replace(/\D/g, "");
      if (digits.length > TAIL_DIGITS) echoes.set(digits.slice(-TAIL_DIGITS), { detection, role: "masked-tail" });
    }
  }
  if (echoes.size === 0 || !hasDigitRunIn(text, echoes)) return [];
  const taken = new SpanCover();
  for (const detection of found) taken.add(detection.start, detection.end);
  const echoed: Detection[] = [];
  // Each run of digits, and two runs a dash or space apart (session 58 probe: a last four in pairs, `are 7761 (she wrote it as 77-61)`;
  // a number regrouped, `cust #907251 ... customer 907-251`), shown as the surrogate's alike.
  const standsAlone = (start: number, end: number) => !STANDS_ALONE_BEFORE.test(text.slice(Math.max(0, start - 1), start)) && !STANDS_ALONE_AFTER.test(text.slice(end, end + 2));
  let after = 0;
  for (const run of text.matchAll(/\d+/g)) {
    if (run.index < after) continue;
    const [start, end] = [run.index, run.index + run[0].length];
    const next = /^[- ]\d+/.exec(text.slice(end, end + 12));
    const joined = next === null ? undefined : echoes.get(run[0] + next[0].slice(1));
    const pairs = joined !== undefined && /^\d\d[- ]\d\d$/.test(run[0] + next![0]);
    if (joined !== undefined && (joined.role === "unpadded-digits" || pairs) && standsAlone(start, end + next![0].length) && !taken.overlaps(start, end + next![0].length)) {
      echoed.push({ ...joined.detection, start, end: end + next![0].length, confidence: ECHO_CONFIDENCE, role: pairs ? joined.role : "regrouped-digits" });
      after = end + next![0].length;
      continue;
    }
    const echo = echoes.get(run[0]);
    if (echo !== undefined && !taken.overlaps(start, end) && standsAlone(start, end)) echoed.push({ ...echo.detection, start, end, confidence: ECHO_CONFIDENCE, role: echo.role });
  }
  return echoed;
}

/**
 * Initials or a short name a writer defined at [start, end) for a person, and every later use of it as a word (round 21 red team:
 * `Paul Carter (PC) ... PC emailed YM`; round 22: `Cornelius "Neil" Vandermeer ... Neil is fine`): it stands for them in the text after.
 */
function usesFrom(source: string, [start, end]: [number, number]): Array<[number, number]> {
  const uses = new RegExp(`(?<![\\p{L}\\p{N}])${source.slice(start, end)}(?![\\p{L}\\p{N}])`, "gu");
  const later = Array.from(source.matchAll(uses), (use): [number, number] => [use.index, use.index + use[0].length]).filter(([from]) => from >= end);
  // Not a dose's timing after a dose (round 22 re-judge: `metformin 500 mg BID PC` is after meals, not Paul Carter).
  return [[start, end], ...later.filter(([from]) => !DOSE_BEFORE.test(source.slice(Math.max(0, from - DOSE_REACH), from)))];
}

/** A dose or its frequency right before a word (`500 mg BID `, `daily `): the word after is a sig's (`PC`, `HS`, `AC`). */
const DOSE_BEFORE = /\b(?:mg|mcg|ml|units?|tabs?|bid|tid|qid|qd|qhs|prn|daily|nightly)\.?[ \t]+$/i;
const DOSE_REACH = 12;

/** The last word of a label right before a value (`Known allergies: `, `**Medications:** `): group 1. */
const FIELD_LABEL_BEFORE = /(\p{L}+)[*_]*[ \t]*:[ \t*_]*$/u;
const LABEL_BEFORE_REACH = 40;
const VALUE_END_AFTER = /^[*_]*[ \t]*(?:[.,;)]|\r?\n|$|(?:and|or)\b)/;

/** Words of a value that say nothing alone, so never taken in beside it. */
const QUALIFIER_STOPWORDS: ReadonlySet<string> = new Set(["of", "and", "the", "with", "in", "to", "for", "on", "or", "a", "an", "at", "by", "not"]);
const ROMAN_NUMERALS = ["i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x"];
/** How many words beside a contextual span are looked at on each side. */
const MAX_QUALIFIER_WORDS = 3;

const valueWords = new Map<string, ReadonlySet<string>>();
/** The words of a value a qualifier beside it may be (`stage`, `2`, `generalized`), once per value (bounded like the forms memo). */
function valueWordsOf(value: string): ReadonlySet<string> {
  let words = valueWords.get(value);
  if (words === undefined) {
    if (valueWords.size >= 20_000) valueWords.clear();
    words = new Set(value.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((word) => (word.length > 1 || /\d/.test(word)) && !QUALIFIER_STOPWORDS.has(word)));
    valueWords.set(value, words);
  }
  return words;
}

/**
 * Take in the words right beside a contextual value's span that are words of the value too (`stage 2
 * [REDACTED]` of `Hypertension Stage 2`, `generalized`, `major`, `type II`, `stage 3a`): left out,
 * the value's own qualifier stood beside its placeholder and told which value it was.
 */
function withValueQualifiers(source: string, [start, end]: [number, number], value: string): [number, number] {
  const words = valueWordsOf(value);
  // `named`: a word of the value's stands right beside it on the far side (`stage`, `type`): a number spelled counts only so.
  const isValueWord = (written: string, named: boolean): boolean => {
    const word = written.toLowerCase();
    if (words.has(word)) return true;
    const roman = ROMAN_NUMERALS.indexOf(word);
    if (roman >= 0) return words.has(String(roman + 1));
    if (/^\d+$/.test(word)) return words.has(ROMAN_NUMERALS[Number(word) - 1] ?? "");
    // Spelled (round 20 red team: `hypertension (stage two)`, `stage three [REDACTED]`), not a count of something else (`CKD, three visits`).
    const spelled = COUNT_WORDS.indexOf(word);
    if (spelled > 0) return named && (words.has(String(spelled)) || words.has(ROMAN_NUMERALS[spelled - 1] ?? ""));
    const staged = /^(\d+)[a-z]$/.exec(word);
    return staged !== null && words.has(staged[1]);
  };
  const isNamingWord = (written: string | undefined): boolean => written !== undefined && /^\p{L}+$/u.test(written) && words.has(written.toLowerCase());
  const wordBefore = (at: number) => /([\p{L}\p{N}]+)[ \t-]+$/u.exec(source.slice(Math.max(0, at - 32), at));
  for (let k = 0; k < MAX_QUALIFIER_WORDS; k++) {
    const before = wordBefore(start);
    if (!before || !isValueWord(before[1], isNamingWord(wordBefore(start - before[0].length)?.[1]))) break;
    start -= before[0].length;
  }
  // After it, in a comma's or a parenthesis's aside too when a word of the value's opens it (`hypertension, stage II`, `CKD (stage
  // three)`), the parenthesis closed with it.
  const ended = end;
  let aside: string | undefined;
  let numbered = false;
  let previous: string | undefined;
  for (let k = 0; k < MAX_QUALIFIER_WORDS; k++) {
    const after = (k === 0 ? /^(?:[ \t-]+|(,)[ \t]*|[ \t]*(\()[ \t]*)([\p{L}\p{N}]+)/u : /^()()[ \t-]+([\p{L}\p{N}]+)/u).exec(source.slice(end, end + 32));
    if (!after || ((after[1] || after[2]) && !isNamingWord(after[3])) || !isValueWord(after[3], isNamingWord(previous))) break;
    aside ??= after[1] || after[2] || undefined;
    numbered ||= !isNamingWord(after[3]);
    previous = after[3];
    end += after[0].length;
  }
  // An aside is the value's only with its number (`, stage II`): a list's next item (`Exceeds, Meets`, `QA Engineer, Sales Manager`) is not.
  if (aside !== undefined && !numbered) return [start, ended];
  if (aside === "(") {
    const close = /^[ \t]*\)/.exec(source.slice(end, end + 4));
    if (close) end += close[0].length;
  }
  return [start, end];
}

/** Take in the `'s` after a span where the value writes its word so (`Crohn's` of `Crohn's Disease`): left out, `[REDACTED]'s` names an eponym. */
function withValuePossessive(source: string, [start, end]: [number, number], value: string): [number, number] {
  if (!POSSESSIVE.test(source.slice(end, end + 3))) return [start, end];
  const word = source.slice(start, end).toLowerCase();
  return value.toLowerCase().replace(/’/g, "'").includes(`${word}'s`) ? [start, end + 2] : [start, end];
}

/** Whether [start, end) is glued into a slug, a channel's or a handle's name (`#hr-team`, `hr_ops`). */
function inSlug(source: string, start: number, end: number): boolean {
  return /[#@_-]/.test(source.charAt(start - 1)) || /[_-]/.test(source.charAt(end));
}

/**
 * A short value in capitals (`IT`, `US`, `HR`): only its capitals are the value, in lowercase it is a word or a unit (`it's` is no
 * department, nor `$46.87/hr`: round 22 red team, it came out `$45.03/qa`).
 */
function isWordInCapitals(value: string): boolean {
  return value.length <= 3 && /^[A-Z]{2,3}$/.test(value);
}

/** ISO codes of the currencies amounts are written in, glued to the number (`USD3,826,415`); normalized. */
const CURRENCY_CODES: ReadonlySet<string> = new Set(["usd", "eur", "gbp", "cad", "aud", "nzd", "chf", "jpy", "cny", "inr", "sgd", "hkd", "mxn"]);

/** Whether normalized [start, end) ends a token and starts one right after a currency code glued to it (round 7 red team: `USD87460` passed). */
function afterCurrencyCode(norm: NormalizeBuffer, start: number, end: number): boolean {
  if (start < 3 || !(end === norm.length || norm.codes[end] === SPACE_CODE) || !(start === 3 || norm.codes[start - 4] === SPACE_CODE)) return false;
  return CURRENCY_CODES.has(norm.slice(start - 3, start));
}

/** Fewest digits a number glued after a word (`base190171`) has to be its value there: a short one is any count. */
const MIN_GLUED_DIGITS = 5;

/**
 * A number glued after the word that opens its token, in a file or key name (`comp_base190171.pdf`, `score803`: session 56 probe):
 * a long one is the value whatever the word; a short near-label one only after its own label (`score` of a credit score).
 * The word is written in lowercase or capitalized, as in a file name or key.
 */
function gluedAfterWord(norm: NormalizeBuffer, start: number, end: number, variant: Variant): boolean {
  if (!(end === norm.length || norm.codes[end] === SPACE_CODE) || start === 0 || !isLowerLetterCode(norm.codes[start - 1])) return false;
  for (let at = start; at < end; at++) if (!isDigitCode(norm.codes[at])) return false;
  let wordStart = start - 1;
  while (wordStart > 0 && isLowerLetterCode(norm.codes[wordStart - 1])) wordStart--;
  if (wordStart > 0 && norm.codes[wordStart - 1] !== SPACE_CODE) return false;
  // A last four after the letter that masks the rest (session 59 probe: `acct x7731`, `brandvold_x7731.pdf`, `xx7731`).
  if (MASK_LETTERS.test(norm.slice(wordStart, start))) return end - start >= MIN_MASKED_DIGITS;
  // Capitals and digits make an identifier of their own (`XYZ87460`), a code the digits happen to be in.
  if (/\p{Lu}{2}/u.test(norm.source.slice(...originalSpan(norm, wordStart, start)))) return false;
  if (variant.role === "whole") return end - start >= MIN_GLUED_DIGITS;
  return variant.role === "near-label" && variant.labels!.includes(norm.slice(wordStart, start));
}

const ZERO_CODE = 48;
/** Letters that mask the digits before a last four (`x7731`, `XX7731`), normalized. */
const MASK_LETTERS = /^x{1,4}$/;
/** Fewest digits a masked tail glued after its mask letters has (a last four). */
const MIN_MASKED_DIGITS = 4;
/** A search's comparison prefix glued before a date (FHIR's `birthdate=eq1979-08-30`), normalized. */
const DATE_COMPARATOR = /^(?:eq|ne|gt|lt|ge|le|sa|eb|ap)$/;
/**
 * Whether a date's form at normalized [start, end), which ends its token, is glued only to a search's comparison prefix before
 * it (session 59 probe): the date as written there, not digits inside another number.
 */
function isGluedDate(norm: NormalizeBuffer, start: number, end: number): boolean {
  let wordStart = start;
  while (wordStart > 0 && norm.codes[wordStart - 1] !== SPACE_CODE) wordStart--;
  return (end === norm.length || norm.codes[end] === SPACE_CODE) && DATE_COMPARATOR.test(norm.slice(wordStart, start));
}

/** Whether an identifier's digits at normalized [start, end) end their token and only zeros pad it before them (`00000007331884206`: session 59 probe, a fixed-width field). */
function isZeroPadded(norm: NormalizeBuffer, start: number, end: number): boolean {
  if (!(end === norm.length || norm.codes[end] === SPACE_CODE) || !isDigitCode(norm.codes[start])) return false;
  let at = start;
  while (at > 0 && norm.codes[at - 1] === ZERO_CODE) at--;
  return at < start && (at === 0 || norm.codes[at - 1] === SPACE_CODE);
}

/** A range or list of letter grades around source [from, to) of normalized [start, end): `A–C`, `A/B`, `B-D`. */
const GRADE_AFTER = /^[ \t]?[–—/-][ \t]?[A-F][+-]?(?![A-Za-z])/;
const GRADE_BEFORE = /(?<![A-Za-z])[A-F][+-]?[ \t]?[–—/-][ \t]?$/;

function inGradeRange(norm: NormalizeBuffer, start: number, end: number): boolean {
  const [from, to] = originalSpan(norm, start, end);
  return GRADE_AFTER.test(norm.source.slice(to, to + 6)) || GRADE_BEFORE.test(norm.source.slice(Math.max(0, from - 6), from));
}

function writtenAs(norm: NormalizeBuffer, start: number, end: number, value: string, afterArticle = false): boolean {
  const [from, to] = originalSpan(norm, start, end);
  const written = norm.source.slice(from, to);
  return written === value || (afterArticle && written.endsWith(value) && /^an?[ \t]+['"‘“`*]*$/i.test(written.slice(0, written.length - value.length)));
}

/** Quote marks that open and close a cited word. */
const QUOTE_PAIRS: ReadonlyMap<string, string> = new Map([["'", "'"], ['"', '"'], ["`", "`"], ["‘", "’"], ["“", "”"]]);

/**
 * A capitalized word in quotes, or in parentheses with or without them, right after a name, its bold closed between (groups 1, 2), or
 * opening a parenthesis in quotes or after `goes by` (group 3: `("Gianni" in the CRM notes)`, `(goes by Seun)`: session 57 probe): the
 * name the person goes by.
 */
const QUOTED_AFTER_NAME = /^[*_]{0,2}[ \t]*(?:\([ \t]*["“]?(\p{Lu}\p{Ll}{1,14})["”]?[ \t]*\)|["“](\p{Lu}\p{Ll}{1,14})["”]|\([ \t]*(?:["“]|(?:goes|go)[ \t]+by[ \t]+["“]?)(\p{Lu}\p{Ll}{1,14})\b)/u;

/**
 * The short name given right after a form of a person's name (round 22 red team: `Cornelius "Neil" Vandermeer`, `Mr. Okonkwo-Reyes
 * ("Iggy")`, `Yolanda Fairweather (Yoli)`): [start, end) of the word, or null. A word of the dictionary only in quotes and when it is
 * a name too: `("Plaintiff")` and `(Retired)` define a term or note a role.
 */
function definedNickname(source: string, end: number): [number, number] | null {
  const defined = QUOTED_AFTER_NAME.exec(source.slice(end, end + 40));
  if (defined === null) return null;
  const word = defined[1] ?? defined[2] ?? defined[3];
  const lower = word.toLowerCase();
  const quoted = /["“]|by[ \t]/.test(defined[0]);
  if (isTitle(lower) || NAME_SUFFIXES.has(lower) || (isDictionaryWord(lower) && !(quoted && isNameWord(lower)))) return null;
  const start = end + defined[0].lastIndexOf(word);
  return [start, start + word.length];
}

/** Words that give a short form as the name a person goes by (`goes by Bill`, `known as "Pat"`, `a.k.a. Will`). */
const NICKNAME_INTRO = /(?:\bgoes[ \t]+by|\bgo[ \t]+by|\bknown[ \t]+as|\bcalled|\bcalls?[ \t]+(?:him|her|them)|\ba\.?k\.?a\.?|\bnicknamed|\bprefers)[ \t]*["“'‘]?$/i;

/**
 * Whether a capitalized short form at [start, end) is given as the person's name: in quotes (round 21 red team: `William ("Bill")
 * Garrison`), after `goes by` or `known as`, or used after one of those in the same text (`Bill agreed`). Alone, `Bill` is an invoice.
 */
function givenAsNickname(source: string, start: number, end: number): boolean {
  const written = source.slice(start, end);
  if (!/^\p{Lu}\p{Ll}+$/u.test(written)) return false;
  const givenAt = (at: number) => isQuoted(source, at, at + written.length) || NICKNAME_INTRO.test(source.slice(Math.max(0, at - 16), at));
  if (givenAt(start)) return true;
  for (let at = source.lastIndexOf(written, start - 1); at > 0; at = source.lastIndexOf(written, at - 1)) if (givenAt(at)) return true;
  return false;
}

/**
 * A scale's tier as listed: its name (redacted too: the check after transforming reads the output) and its range or bound
 * (`Good 670-739`, `Fair (580–669)`, `Excellent: 740+`, `Poor <580`).
 */
const SCALE_TIER = /(?:\p{Lu}\p{Ll}+(?:[ \t]\p{Lu}?\p{Ll}+)?|\[REDACTED[^\]\n]*\])[ \t]*[:(]?[ \t]*(?:\d{3}[ \t]*(?:[-–—]|to)[ \t]*\d{3}|\d{3}\+|<[ \t]*\d{3})(?![\d.])/gu;
/** Tiers a line lists to be a scale's definition, not one score's band. */
const MIN_SCALE_TIERS = 3;

/** Whether source[start, end), a range of two numbers, stands in its line among a scale's named tiers (`Excellent 740+, Good 670-739, ...`). */
function isScaleListing(source: string, start: number, end: number): boolean {
  if (!/^\d{3}\D+\d{3}$/.test(source.slice(start, end))) return false;
  const from = source.lastIndexOf("\n", start - 1) + 1;
  const to = source.indexOf("\n", end);
  return (source.slice(from, to === -1 ? source.length : to).match(SCALE_TIER)?.length ?? 0) >= MIN_SCALE_TIERS;
}

/** Whether source[start, end) stands between a pair of quotes (`'same'`, `“Mr”`). */
function isQuoted(source: string, start: number, end: number): boolean {
  const closing = QUOTE_PAIRS.get(source.charAt(start - 1));
  return closing !== undefined && source.charAt(end) === closing;
}

/** A form ending in a one-letter token that is the `s` of a possessive (`Dwayne's` read as `Dwayne S.`). */
function endsInPossessive(norm: NormalizeBuffer, start: number, end: number): boolean {
  if (end - start < 3 || norm.codes[end - 2] !== SPACE_CODE) return false;
  const [, to] = originalSpan(norm, start, end);
  return /['’]/.test(norm.source.charAt(to - 2));
}

/** The value's part of a whole form's hit: the hit itself, or the year of `born in 1957`, `1957 birth` (the form's `tail`, `head`). */
function valueOfForm(hit: Candidate, { tail, head }: Variant): Candidate {
  if (tail !== undefined) return { ...hit, start: hit.end - tail };
  return head === undefined ? hit : { ...hit, end: hit.start + head };
}

/**
 * Take in the `+` of `+1 982...`, the `(` of `(982) 414-6584` when the span holds its `)`, and the `)`
 * of `back pain (chronic)` when it holds its `(` (a replaced span must not leave half a parenthesis).
 */
function withSignAndParentheses(source: string, [start, end]: [number, number]): [number, number] {
  const before = source.charAt(start - 1);
  if (before === "+" && /\d/.test(source.charAt(start))) return [start - 1, end];
  if (before === "(" && hasUnopenedClosing(source, start, end)) return [start - 1, end];
  return source.charCodeAt(end) === CLOSING_PAREN && hasUnclosedOpening(source, start, end) ? [start, end + 1] : [start, end];
}

/** A `)` in [start, end) with no `(` before it in the span; the search stops at the span's end, not the text's. */
function hasUnopenedClosing(source: string, start: number, end: number): boolean {
  for (let at = start; at < end; at++) {
    const code = source.charCodeAt(at);
    if (code === CLOSING_PAREN) return true;
    if (code === OPENING_PAREN) return false;
  }
  return false;
}

/** A `(` in [start, end) with no `)` after it in the span. */
function hasUnclosedOpening(source: string, start: number, end: number): boolean {
  for (let at = end - 1; at >= start; at--) {
    const code = source.charCodeAt(at);
    if (code === OPENING_PAREN) return true;
    if (code === CLOSING_PAREN) return false;
  }
  return false;
}

/** End of a context word starting at a token start: the match itself, or the word a stem begins; -1 if none. */
function contextWordEnd(norm: NormalizeBuffer, start: number, end: number, asPrefix: boolean): number {
  const { codes } = norm;
  if (start > 0 && codes[start - 1] !== SPACE_CODE) return -1;
  if (end === norm.length || codes[end] === SPACE_CODE) return end;
  if (!asPrefix) return -1;
  const wordEnd = norm.tokenEnd(end);
  if (wordEnd - end > MAX_SUFFIX) return -1;
  for (let at = end; at < wordEnd; at++) if (!isLowerLetterCode(codes[at])) return -1;
  return isInflection(norm.slice(start, end), norm.slice(start, wordEnd)) ? wordEnd : -1;
}

/** Between a first name and a surname in the original: one capitalized middle name or initial. */
const MIDDLE_GAP = /^[ \t]+(\p{Lu}\p{L}*)\.?[ \t]+$/u;

/** First name, one middle name or initial (`Dwayne J. Sanchez`), surname of the same entry. */
function pairAroundMiddleName(norm: NormalizeBuffer, firstNames: readonly Candidate[], surnames: ReadonlyMap<number, Candidate[]> | null): Candidate[] {
  const paired: Candidate[] = [];
  if (surnames === null) return paired;
  for (const first of firstNames) {
    const middleEnd = norm.tokenEnd(first.end + 1);
    const surname = surnames.get(middleEnd + 1)?.find((s) => s.entry === first.entry);
    if (!surname) continue;
    const gap = MIDDLE_GAP.exec(norm.source.slice(norm.origin[first.end - 1] + 1, norm.origin[surname.start]));
    if (gap && gap[1].length <= MAX_MIDDLE_NAME && !isTitle(gap[1].toLowerCase())) {
      paired.push({ entry: first.entry, start: first.start, end: surname.end, confidence: MIDDLE_NAME_CONFIDENCE, role: "whole" });
    }
  }
  return paired;
}

function hasSpan(kept: Candidate | undefined, c: Candidate): kept is Candidate {
  return kept !== undefined && kept.start === c.start && kept.end === c.end;
}

const vaultEntrySchema = z.object({ field: z.string().min(1), value: vaultValueSchema });

/** The forms a surrogate is looked for in: not an amount's coarse roundings (see `withoutCoarseRoundings`), nor the forms said in words, which are redacted, never rendered. */
function surrogateVariants(variants: readonly Variant[], kind: string, value: string): readonly Variant[] {
  const rendered = variants.filter((variant) => variant.role !== "other-notation");
  return kind === "amount" ? withoutCoarseRoundings(rendered, value) : rendered;
}

/** Capitals or digits and `_` right before, or `_` and capitals or digits right after, a span: an identifier goes on there. */
const JOINED_CAPITALS_BEFORE = /[\p{Lu}\d]_$/u;
const JOINED_CAPITALS_AFTER = /^_[\p{Lu}\d]/u;

/** A gendered title opening a normalized name form. */
const TITLE_GENDER = /^(mr|mrs|ms|miss) /;

/** How far (normalized characters) a short number's label may stand from it. */
const LABEL_WINDOW = 48;

/** Whether one of `labels` is a token within LABEL_WINDOW characters before or after [start, end). */
function labelNear(norm: NormalizeBuffer, start: number, end: number, labels: readonly string[]): boolean {
  const around = ` ${norm.slice(Math.max(0, start - LABEL_WINDOW), Math.min(norm.length, end + LABEL_WINDOW))} `;
  return labels.some((label) => around.includes(` ${label} `));
}

/**
 * Short numbers (and well-known towns) without their label that stand within LABEL_WINDOW of another
 * entry's value (`88400,15230.55,702`) or of another part of their own value (a ZIP in the table cell
 * after its address's street and city); a labelled occurrence of the same number is not another part.
 */
function besideOtherValues(candidates: readonly Candidate[], unlabeled: readonly Candidate[]): Candidate[] {
  if (unlabeled.length === 0) return [];
  // By start, with the longest span: each number reads the candidates around it, not all of them (a text of
  // thousands of short numbers had read every candidate for each).
  const spans = sortInPlace(
    candidates.filter((other) => !other.scattered),
    (a, b) => a.start - b.start,
  );
  const longest = spans.reduce((length, other) => Math.max(length, other.end - other.start), 0);
  return unlabeled.filter((number) => {
    for (let at = firstStartingAt(spans, number.start - LABEL_WINDOW - longest); at < spans.length && spans[at].start - number.end <= LABEL_WINDOW; at++) {
      const other = spans[at];
      if (number.start - other.end <= LABEL_WINDOW && (other.entry !== number.entry || (other.role !== "near-label" && (other.end <= number.start || other.start >= number.end)))) return true;
    }
    return false;
  });
}

/**
 * Non-overlapping candidates: rendered forms before scattered phrases, then longest, then most confident; a candidate with exactly the
 * span of a kept one but another entry is kept too (one value under two fields: both decide), and so is another field's whole
 * value nested inside a kept span (the guard decides it where the outer one is allowed).
 */
function keepLongest(candidates: Candidate[], sameField: (a: number, b: number) => boolean): Candidate[] {
  if (candidates.length <= 1) return candidates;
  sortInPlace(
    candidates,
    (a, b) =>
      Number(a.scattered ?? false) - Number(b.scattered ?? false) ||
      b.end - b.start - (a.end - a.start) ||
      b.confidence - a.confidence ||
      a.start - b.start,
  );
  const kept: Candidate[] = [];
  const byStart: Candidate[] = [];
  let dropped: Candidate[] | undefined;
  for (const c of candidates) {
    let low = 0;
    let high = byStart.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (byStart[mid].start < c.start) low = mid + 1;
      else high = mid;
    }
    const before = byStart[low - 1];
    const after = byStart[low];
    const sameSpan = hasSpan(before, c) ? before : hasSpan(after, c) ? after : undefined;
    if (sameSpan) {
      if (sameSpan.entry !== c.entry && !kept.some((k) => k.entry === c.entry && k.start === c.start && k.end === c.end)) kept.push(c);
      continue;
    }
    if ((before && before.end > c.start) || (after && after.start < c.end)) {
      // Another field's whole value inside a kept span (the SSN an intake note quotes) is kept beside it: a reader allowed the outer value may not be allowed this one.
      const outer = before && before.end >= c.end ? before : after && after.start === c.start && after.end >= c.end ? after : undefined;
      if (outer && !sameField(outer.entry, c.entry) && c.role === "whole" && !c.scattered) kept.push(c);
      else if (c.scattered) (dropped ??= []).push(c);
      continue;
    }
    byStart.splice(low, 0, c);
    kept.push(c);
  }
  return sortInPlace(dropped === undefined ? kept : withWindowsOverParts(kept, dropped), (a, b) => a.start - b.start);
}

/**
 * A value's window (scattered) in place of the words that tell the same value it covers (round 12 re-judge: the drug's name alone,
 * `morphine oral`, had won over the window of the whole order, `morphine oral soln 5 mg q2h PRN`, leaving its dose shown).
 */
function withWindowsOverParts(kept: Candidate[], windows: readonly Candidate[]): Candidate[] {
  // Most texts with a window dropped hold no such word: no pass per window.
  if (!kept.some((k) => k.role === "indicator")) return kept;
  let result = kept;
  for (const window of windows) {
    const inside = result.filter((k) => k.start < window.end && window.start < k.end);
    // Only over words that tell the value (a drug's name): other parts are shown as their surrogate's (a first name's pseudonym).
    if (inside.length > 0 && inside.every((k) => k.entry === window.entry && k.role === "indicator" && k.start >= window.start && k.end <= window.end)) {
      result = [...result.filter((k) => !inside.includes(k)), window];
    }
  }
  return result;
}

/** End of the token that `end` is in when only digits follow it there (`85` of `ryanwilson85`), else -1. */
function digitsToTokenEnd(norm: NormalizeBuffer, end: number): number {
  let at = end;
  while (at < norm.length && isDigitCode(norm.codes[at])) at++;
  return at === norm.length || norm.codes[at] === SPACE_CODE ? at : -1;
}

/** Roles whose form is found only with words around it that say whose it is (a label, a mask, a sentence naming the person). */
const WHOLE_STRING_ROLES: ReadonlySet<VariantRole> = new Set(["near-label", "first-name", "surname", "masked-tail"]);

/** Whether normalized [start, end) is all of the text but a separator at either edge. */
function isWholeText(norm: NormalizeBuffer, start: number, end: number): boolean {
  const from = start === 0 || (start === 1 && norm.codes[0] === SPACE_CODE);
  return from && (end === norm.length || (end === norm.length - 1 && norm.codes[end] === SPACE_CODE));
}
