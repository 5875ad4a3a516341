import { z } from "zod";
import { CHANNELS, POSITIONS, RESOLUTIONS, type Action, type Channel, type Decision, type ObservableEvent, type Position, type Resolution, type SanitizeResult } from "./event.js";
import { checkedDetections, decidingGroups, resolveOverlaps, sameKind, type Detection, type Detector } from "./detect/base.js";
import { checkedVerdict, type Judge, type Rewriter } from "./detect/plugins.js";
import { defaultRecognizers, recognizerDetector } from "./detect/recognizers/index.js";
import { ageDetector } from "./detect/vault/ages.js";
import { elapsedDetector } from "./detect/vault/elapsed.js";
import { scoreMarkDetector } from "./detect/vault/score-marks.js";
import { lastThreeDetector } from "./detect/vault/last-three.js";
import { shortMaskDetector } from "./detect/vault/short-masks.js";
import { isMaskedValue } from "./detect/vault/masked.js";
import { bloodPressureDetector } from "./detect/vault/blood-pressure.js";
import { joinedSurnameDetector } from "./detect/vault/joined-surnames.js";
import { domainSurnameDetector } from "./detect/vault/domain-surnames.js";
import { derivedAmountDetector } from "./detect/vault/derived-amounts.js";
import { spokenNumberDetector } from "./detect/vault/spoken-numbers.js";
import { holidayDateDetector } from "./detect/vault/holiday-dates.js";
import { wildcardPrefixDetector } from "./detect/vault/wildcard-prefixes.js";
import { splitValueDetector } from "./detect/vault/split-values.js";
import { scientificNumberDetector } from "./detect/vault/scientific-numbers.js";
import { daysFromRegistered, derivedDateDetector, isSchedulingField } from "./detect/vault/derived-dates.js";
import { tableCellDetector } from "./detect/vault/table-cells.js";
import { gradeLetterDetector } from "./detect/vault/grade-letters.js";
import { phoneExtensionDetector } from "./detect/vault/phone-extensions.js";
import { referenceNumberDetector } from "./detect/vault/reference-numbers.js";
import { categoryListDetector } from "./detect/vault/category-lists.js";
import { OutputText, possessiveAfter } from "./transform/surrogate-grammar.js";
import { parseDate, type CalendarDate } from "./detect/vault/dates.js";
import { asciiDigits, escapedAs, normalizeValue, unescapedText, unwrappedWords, withoutAccents, withoutLookalikes } from "./detect/vault/normalize.js";
import { isGivenNameForm, namePart } from "./detect/vault/names.js";
import { DEPARTMENT_KIND, departmentNamedLike, isDepartmentField, isListedDepartment, isOtherDepartmentName } from "./transform/operators/names/departments.js";
import { isJobTitle, isPositionField } from "./detect/vault/department-work.js";
import { nicknamesOf } from "./detect/vault/nicknames.js";
import { isBandFieldOf, isRatingField, isRatingWordPointing } from "./detect/vault/rating-bands.js";
import { isSpecialtyName } from "./detect/vault/context.js";
import { isDictionaryWord } from "./detect/vault/words.js";
import { fieldNamedBeside } from "./detect/vault/labels.js";
import { Vault } from "./detect/vault/vault.js";
import { fieldTypeOf, type FieldType } from "./policy/infer.js";
import { authorize, isAuthorized, protectAction, type AuthorizationQuery } from "./policy/authorize.js";
import { parseConfig, parseOptions, type Policy, type ReconsOptions } from "./policy/options.js";
import { Reachability } from "./policy/reachability.js";
import { guardSetup } from "./guard-setup.js";
import { SurrogateIndex, type RestoredSpan } from "./transform/surrogates.js";
import { VaultBoundCache } from "./vault-bound-cache.js";
import { mapEncoded } from "./encoded-text.js";
import { isFindableAgain, wholeSurrogatePart } from "./transform/surrogate-parts.js";
import { MemoizedOperators } from "./transform/memoized-operators.js";
import { copyCase } from "./transform/operators/pseudonym.js";
import { redactionKeepingStructure, redactionPlaceholder } from "./transform/operators/redact.js";
import { REPRESENTATION_LENGTH } from "./transform/operators/format.js";
import { OperatorError, type Operator, type OperatorOutput } from "./transform/base.js";
import { isKeyPath, mapStrings } from "./content.js";
import { DecisionTrail } from "./decision-trail.js";
import { errorSummary } from "./error-summary.js";
import { withDeadline } from "./deadline.js";
import { firstStartingAt, sortInPlace } from "./detect/sort.js";
import { showSummaryOnly } from "./summary-only.js";

/** Levels of base64 inside base64 a text is decoded through; deeper, the text is redacted (`detection-error`). */
const MAX_ENCODING_DEPTH = 4;

/** Options of one sanitize call beyond the event itself. */
export interface SanitizeOptions {
  /**
   * Use only reversible operations (FPE, pseudonyms, sealed placeholders) so authorized readers
   * can get the real value back with `restore` (shared state, checkpoints).
   */
  reversible?: boolean;
}

/**
 * One observable event as `sanitize` takes it: checked, since a misspelled `recipent` or a channel
 * written `c6` would silently fall back to a weaker rule and let raw values through.
 */
const observableEventSchema = z.strictObject({
  channel: z.enum(CHANNELS),
  /** Any JSON-like value; never echoed in an error. */
  content: z.unknown(),
  sender: z.string().optional(),
  recipient: z.string().optional(),
  position: z.enum(POSITIONS).optional(),
  step: z.number().optional(),
  resolution: z.enum(RESOLUTIONS).optional(),
});
const sanitizeOptionsSchema = z.strictObject({ reversible: z.boolean().optional() });
const restoreArgumentsSchema = z.object({ recipient: z.string(), channel: z.enum(CHANNELS) });
const EVENT_KEYS: ReadonlySet<string> = new Set(Object.keys(observableEventSchema.shape));
const CHANNEL_SET: ReadonlySet<unknown> = new Set(CHANNELS);
const POSITION_SET: ReadonlySet<unknown> = new Set(POSITIONS);
const RESOLUTION_SET: ReadonlySet<unknown> = new Set(RESOLUTIONS);

/** What `observableEventSchema` accepts, checked without zod. */
function isWellFormedEvent(event: ObservableEvent): boolean {
  if (event === null || typeof event !== "object") return false;
  for (const key in event) if (!EVENT_KEYS.has(key)) return false;
  const { channel, sender, recipient, position, step, resolution } = event;
  return (
    CHANNEL_SET.has(channel) &&
    (sender === undefined || typeof sender === "string") &&
    (recipient === undefined || typeof recipient === "string") &&
    (position === undefined || POSITION_SET.has(position)) &&
    (step === undefined || typeof step === "number") &&
    (resolution === undefined || RESOLUTION_SET.has(resolution))
  );
}

function isWellFormedOptions(options: SanitizeOptions): boolean {
  if (options === null || typeof options !== "object") return false;
  for (const key in options) if (key !== "reversible") return false;
  return options.reversible === undefined || typeof options.reversible === "boolean";
}

/** The recipient-conditioned sanitizer returned by `createRecons`. */
export interface ReconsGuard {
  readonly policy: Policy;
  readonly vault: Pick<Vault, "add" | "entries" | "version" | "detect">;
  /** Detect -> Decide -> Transform -> backstop, with the LLM tiers when configured. */
  sanitize<T>(event: ObservableEvent & { content: T }, options?: SanitizeOptions): Promise<SanitizeResult<T>>;
  /** The same without the async LLM tiers: rewrite falls back to redaction. For reducers and hot paths. */
  sanitizeSync<T>(event: ObservableEvent & { content: T }, options?: SanitizeOptions): SanitizeResult<T>;
  /** True when there are no LLM tiers, so `sanitizeSync` decides exactly as `sanitize` would. */
  readonly syncIsComplete?: boolean;
  /** Tier 1-2 detections in one string (vault matches, recognizers, extra detectors), overlaps resolved. */
  detect(text: string): Detection[];
  /** Put back the real values of reversibly transformed surrogates that `recipient` may see. */
  restore<T>(content: T, recipient: string, channel: Channel): T;
  /**
   * Every reversible surrogate (FPE, pseudonym, sealed placeholder) turned back into its real value,
   * whoever may see it: for audit and measurement, never for delivery.
   */
  revealAll<T>(content: T): T;
  /** Whether `recipient` may receive `field` on `channel` (dynamic policy, no confidence rule). */
  isAuthorized(field: string, channel: Channel, recipient: string): boolean;
  positionOf(recipient: string | undefined): Position;
}

interface EventContext {
  channel: Channel;
  recipient: string | null;
  position: Position;
  resolution: Resolution;
  reversible: boolean;
  /** Identity of this context for the result cache: recipients the policy treats alike share it (see `authorizationClass`). */
  key: string;
}

interface PlannedSpan {
  detection: Detection;
  action: Action;
  reason: string;
  /** Shown in the decision trail only: an allowed span whose inside values are protected by spans of their own. */
  recordOnly?: true;
}

/** Rewrites decided up front on the async path, keyed by span. */
type RewriteOutcome = { text: string } | { fallback: string };
type RewriteLookup = (text: string, span: PlannedSpan) => RewriteOutcome | undefined;

const REVERSIBLE_ACTION: Partial<Record<Action, Action>> = { mldp: "fpe", rewrite: "redact" };
/** Characters of context on each side of a partial surrogate checked for ambiguity (the partial-name rules read a title or greeting before it). */
const AMBIGUITY_WINDOW = 64;
/** What a string becomes when detection itself failed: nothing of it can be trusted. */
const DETECTION_ERROR = redactionPlaceholder("detection-error");
/** The path a key's text is sanitized under, and its cache mark (a key is sanitized by other rules than a value). */
const KEY_PATH = "$#key";
const KEY_MARK = "\u0000key\u0000";

const NAME_PART_ROLES: ReadonlySet<string> = new Set(["first-name", "surname", "surname-plural"]);
/** Roles of words that only hint at a value (a diagnosis's drug or specialist, a score's band). */
const HINTING_ROLES: ReadonlySet<string | undefined> = new Set(["indicator", "band"]);
/** A department's label on the line before a span (`**Department:** `, `"dept": "`, `Clinic: `). */
const DEPARTMENT_LABEL_BEFORE = /\b(?:department|dept|clinic|service|specialty|unit|division)\b[^\n]{0,12}$/i;
const LABEL_REACH = 32;

/** Days from a registered date within which a date near it is no scheduling option but the date itself, a day or two off. */
const OWN_DATE_DAYS = 3;

/**
 * Whether a derived date is within OWN_DATE_DAYS of its registered date (round 16 re-judge: `was hired on June 18, 2023` of a hire
 * date of June 19 reached the interviewer allowed the interview time).
 */
function withinDaysOfValue(text: string, detection: Detection): boolean {
  const days = detection.value === undefined ? null : daysFromRegistered(text.slice(detection.start, detection.end), detection.value);
  return days !== null && Math.abs(days) <= OWN_DATE_DAYS;
}

/** Reason of a band allowed for the reader of a band field of its score (`bandFieldOf`). */
const BAND_READER_REASON = "band-reader-authorized:";

/** Roles of an identifier's last digits alone. */
const TAIL_ROLES: ReadonlySet<string> = new Set(["masked-tail", "last-three", "short-tail"]);
/** Renderings whose surrogate no restore would find again (computed from the value's surrogate, or cut): sealed in shared state. */
const SEALED_ROLES: ReadonlySet<string | undefined> = new Set(["cut-tail", "age", "elapsed", "derived-date", "derived-amount", "last-three", "short-tail", "short-head", "other-notation", "split-part"]);

/** An identifier as a schema names a field (`bail_usd`, `custodySchedule`, `marital_assets`). */
const IDENTIFIER_KEY = /^[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)*$/;

/**
 * A detection in an object key that is structure, not the value: a key that is all one lowercase dictionary word,
 * found as a person's name part alone (`price` of `Mark Price`), as lowercase prose never names one; or an indicator,
 * a word that only tells a contextual value (a case type's `bail`, a diagnosis's `glucose`), inside an identifier key:
 * renamed, a tool's arguments break, and the schema says as much as its tool does.
 */
function isStructuralKeyWord(key: string, detection: Detection): boolean {
  if (detection.role === "indicator" && IDENTIFIER_KEY.test(key)) return true;
  return detection.start === 0 && detection.end === key.length && detection.kind === "name" && NAME_PART_ROLES.has(detection.role ?? "") && /^[a-z]+$/.test(key) && isDictionaryWord(key);
}

/** A text with earlier hops' surrogates restored, and a detection for each real value put back. */
interface RealText {
  text: string;
  restored: Detection[];
  /** Overlaps of its detections and the restored ones resolved, on first use. */
  groups?: Detection[][];
}

/**
 * A real value restoring put back is that value for certain (it was found as its surrogate), even
 * where the matcher would take it for an ordinary word (`Novak` in a firm's name restored to `Sweet`).
 */
function restoredDetection({ start, end, entry, role }: RestoredSpan): Detection {
  return { start, end, field: entry.field, kind: entry.kind, valueType: entry.valueType, tier: 1, confidence: 1, source: "restored-surrogate", value: entry.value, role };
}

interface CachedString {
  text: string;
  decisions: Decision[];
}

/** Throws a TypeError naming `where` unless `value` is a guard (what createRecons returns, or a wrapper of one). */
export function assertGuard(value: unknown, where: string): asserts value is ReconsGuard {
  const guard = value as Partial<ReconsGuard> | null | undefined;
  if (typeof guard?.sanitize !== "function" || typeof guard.sanitizeSync !== "function" || typeof guard.policy !== "object" || guard.policy === null) {
    throw new TypeError(`${where}: the guard must be what createRecons() returns`);
  }
}

/** Whether `guard.sanitize` is this library's own on a guard without LLM tiers, so calling `sanitizeSync` instead is the same call (a wrapper may have replaced `sanitize`). */
export function sanitizeIsSync(guard: ReconsGuard): boolean {
  return guard.syncIsComplete === true && guard.sanitize === Guard.prototype.sanitize;
}

/** Create the guard. Options are validated with zod; a bad option throws naming its path. */
export function createRecons(input: unknown = {}): ReconsGuard {
  return new Guard(parseOptions(input));
}

class Guard implements ReconsGuard {
  readonly policy: Policy;
  readonly vault: Vault;
  private readonly operators: ReadonlyMap<Action, Operator>;
  private readonly detectors: Detector[];
  /** The day written ages are counted at (`ageReference`). */
  private readonly ageReference: CalendarDate;
  private readonly reachability?: Reachability;
  private readonly judge?: Judge;
  private readonly rewriter?: Rewriter;
  private readonly pluginTimeoutMs: number;
  private readonly applied: MemoizedOperators;
  private readonly surrogates: SurrogateIndex;
  /** Listed name tokens of the initial vault (`GuardSetup`). */
  private readonly avoidNames: ReadonlySet<string>;
  /** Sanitized strings per (context, text): a graph re-delivers the same history at every step. */
  private readonly sanitized = new Map<string, VaultBoundCache<CachedString>>();
  /** Authorization class per (channel, recipient, position): see `authorizationClass`. */
  private readonly classes = new Map<string, string>();
  /** Verdict reasons met in authorization classes, by the one character that stands for each. */
  private readonly reasonCodes = new Map<string, string>();
  /** Restored strings per (recipient, channel). */
  private readonly restored = new Map<string, VaultBoundCache<string>>();
  /** Detections depend on the text only: one message sanitized for several recipients is detected once. */
  private readonly detections: VaultBoundCache<Detection[]>;
  /** The same, overlaps resolved into the groups plan decides: resolved once, not once per recipient. */
  private readonly groups: VaultBoundCache<Detection[][]>;
  /** Each text with every surrogate restored, shared by all recipients it is sanitized for. */
  private readonly realTexts: VaultBoundCache<RealText>;
  /**
   * Revealed objects: the recorder reveals every delivery's input, and a graph re-delivers the same
   * state objects at every step. State values are immutable in LangGraph, so identity is the key.
   */
  private revealed = { version: -1, objects: new WeakMap<object, unknown>() };
  private readonly margins: VaultBoundCache<number>;
  /** Decision paths as decisions tell them (`toldPath`). */
  private readonly toldPaths: VaultBoundCache<string>;
  /** Vault detections per backstop window: recipients that get the same replacements get the same windows. */
  private readonly windowDetections: VaultBoundCache<Detection[]>;
  /** The policy's fields the vault holds no value of, as of `entries` vault entries (vaults only grow). */
  private unregistered = { entries: -1, fields: [] as string[] };

  constructor(options: ReconsOptions) {
    // Frozen: decisions are cached per text and authorization class, so a policy changed in place would be half obeyed (round 14 audit).
    this.policy = deepFreeze(structuredClone(options.policy));
    // Shared with alike guards: this guard works on forks, so what it adds at run time stays its own.
    const setup = guardSetup(options);
    this.vault = setup.vault.fork((field, value) => this.fieldType(field, value));
    this.operators = setup.operators;
    this.avoidNames = setup.avoidNames;
    this.applied = setup.applied.fork();
    this.surrogates = setup.surrogates.fork(this.vault, (operator, input) => this.applied.apply(operator, input));
    const recognizers = [...(options.builtinRecognizers ? defaultRecognizers() : []), ...options.recognizers];
    this.ageReference = parseDate(options.ageReference ?? new Date().toISOString().slice(0, 10))!;
    this.detectors = [
      this.vault,
      ageDetector(() => this.vault.entries(), this.ageReference),
      elapsedDetector(() => this.vault.entries(), this.ageReference),
      derivedDateDetector(() => this.vault.entries(), this.ageReference),
      derivedAmountDetector(() => this.vault.entries()),
      spokenNumberDetector(() => this.vault.entries()),
      holidayDateDetector(() => this.vault.entries()),
      wildcardPrefixDetector(() => this.vault.entries()),
      splitValueDetector(() => this.vault.entries()),
      scientificNumberDetector(() => this.vault.entries()),
      tableCellDetector(() => this.vault.entries()),
      gradeLetterDetector(() => this.vault.entries()),
      scoreMarkDetector(() => this.vault.entries()),
      phoneExtensionDetector(() => this.vault.entries()),
      referenceNumberDetector(() => this.vault.entries()),
      categoryListDetector(() => this.vault.entries()),
      lastThreeDetector(() => this.vault.entries()),
      shortMaskDetector(() => this.vault.entries()),
      bloodPressureDetector(() => this.vault.entries()),
      joinedSurnameDetector(() => this.vault.entries()),
      domainSurnameDetector(() => this.vault.entries()),
      recognizerDetector(recognizers),
      ...options.detectors,
    ];
    if (options.policy.reachability.enabled) this.reachability = new Reachability(options.policy.reachability.edges);
    this.judge = options.judge;
    this.rewriter = options.rewriter;
    this.pluginTimeoutMs = options.pluginTimeoutMs;
    this.detections = new VaultBoundCache(this.vault);
    this.groups = new VaultBoundCache(this.vault);
    this.realTexts = new VaultBoundCache(this.vault);
    this.margins = new VaultBoundCache(this.vault);
    this.toldPaths = new VaultBoundCache(this.vault);
    this.windowDetections = new VaultBoundCache(this.vault);
  }

  private fieldType(field: string, value: string): FieldType {
    return fieldTypeOf(field, value, this.policy.fields[field]);
  }

  positionOf(recipient: string | undefined): Position {
    return recipient === undefined ? "unknown" : (this.policy.positions[recipient] ?? "unknown");
  }

  isAuthorized(field: string, channel: Channel, recipient: string): boolean {
    return isAuthorized(this.policy, field, channel, recipient, this.positionOf(recipient));
  }

  detect(text: string): Detection[] {
    return resolveOverlaps(this.detectAll(text));
  }

  /**
   * A decision's path with every registered value in it told as `[key]`: a key an authorized reader keeps as written
   * (`$.patients.maria_gonzalez.ssn`) would reach logs and traces with the decision (round 14 audit).
   */
  private readonly toldPath = (path: string): string =>
    path === "$" ? path : this.toldPaths.get(path, () => this.vault.detect(path).sort((a, b) => b.start - a.start).reduce((told, { start, end }) => `${told.slice(0, start)}[key]${told.slice(end)}`, path));

  sanitizeSync<T>(event: ObservableEvent & { content: T }, options: SanitizeOptions = {}): SanitizeResult<T> {
    const context = this.contextOf(event, options);
    const trail = new DecisionTrail(context.recipient, this.toldPath);
    const cache = cacheFor(this.sanitized, context.key, this.vault);
    const content = this.walkContent(() => mapStrings(event.content, (text, path) => this.sanitizeCached(text, path, context, cache, trail)));
    return resultOf(content, trail);
  }

  /** A walk of the caller's content that threw (a getter's own error may quote the value it guards) is rethrown with its message scrubbed. */
  private walkContent<T>(walk: () => T): T {
    try {
      return walk();
    } catch (error) {
      throw new TypeError(`content could not be read: ${errorSummary(error, this.vault)}`);
    }
  }

  /** Rewritten forms (e.g. `July 28th, 1957`) can be about twice as long as the registered value. */
  private backstopMargin(): number {
    return this.margins.get("", () => 2 * this.vault.entries().reduce((longest, entry) => Math.max(longest, entry.value.length), 0) + 16);
  }

  get syncIsComplete(): boolean {
    return !this.judge && !this.rewriter;
  }

  revealAll<T>(content: T): T {
    if (this.revealed.version !== this.vault.version) this.revealed = { version: this.vault.version, objects: new WeakMap() };
    return mapStrings(content, (text) => this.revealedText(text), "$", this.revealed.objects);
  }

  /** `realText`, inside base64-encoded text too (for audit and measurement: sanitizing decodes such text itself). */
  private revealedText(text: string): string {
    return this.realText(mapEncoded(text, (decoded) => this.revealedText(decoded))).text;
  }

  /** `text` with the surrogates of earlier hops turned back into the real values. */
  private realText(text: string): RealText {
    return this.realTexts.get(text, () => {
      const { text: real, spans } = this.surrogates.restoreSpans(text, () => true, this.ageReference);
      return { text: real, restored: spans.map(restoredDetection) };
    });
  }

  /** Deciding groups of a restored text: its own detections and the real values restoring put in. */
  private realGroups(real: RealText): Detection[][] {
    return (real.groups ??= this.groupsOf(real.text, real.restored));
  }

  /** Every tier 1-2 detection in `text` before overlap resolution. */
  private detectAll(text: string): Detection[] {
    return this.detections.get(text, () => this.detectors.flatMap((detector, index) => (index === 0 ? detector.detect(text) : checkedDetections(detector, text))));
  }

  /** The sync path is deterministic per (context, text, vault version), so repeats are served from memory. */
  private sanitizeCached(text: string, path: string, context: EventContext, cache: VaultBoundCache<CachedString>, trail: DecisionTrail): string {
    const asKey = isKeyPath(path);
    const cached = cache.get(asKey ? `${KEY_MARK}${text}` : text, () => {
      const own: Decision[] = [];
      return { text: this.sanitizeText(text, asKey ? KEY_PATH : "$", context, own, () => undefined), decisions: own };
    });
    trail.add(path, cached.decisions);
    return cached.text;
  }


  async sanitize<T>(event: ObservableEvent & { content: T }, options: SanitizeOptions = {}): Promise<SanitizeResult<T>> {
    if (!this.judge && !this.rewriter) return this.sanitizeSync(event, options);
    const context = this.contextOf(event, options);
    // Pass 1 collects the async work (judge verdicts, rewrites) for every string; pass 2 applies it.
    const rewrites = new Map<string, RewriteOutcome>();
    const judged = new Map<string, Detection[]>();
    const pending: Promise<void>[] = [];
    this.walkContent(() =>
      mapStrings(event.content, (text, path) => {
        pending.push(this.prepareAsync(text, path, context, rewrites, judged));
        return text;
      }),
    );
    await Promise.all(pending);
    const decisions: Decision[] = [];
    const content = this.walkContent(() =>
      mapStrings(event.content, (text, path) =>
        this.sanitizeText(text, path, context, decisions, (source, span) => rewrites.get(rewriteKey(source, span)), judged.get(path)),
      ),
    );
    return { content, decisions: decisions.map((decision) => (decision.path === undefined ? decision : { ...decision, path: this.toldPath(decision.path) })) };
  }

  restore<T>(content: T, recipient: string, channel: Channel): T {
    if (typeof recipient !== "string" || !CHANNEL_SET.has(channel)) parseConfig(restoreArgumentsSchema, { recipient, channel }, "restore arguments");
    const cache = cacheFor(this.restored, `${recipient}\u0001${channel}`, this.vault);
    const allowed = (field: string) => this.mayReceive(field, channel, recipient);
    return this.walkContent(() => mapStrings(content, (text) => cache.get(text, () => this.restoreText(text, allowed))));
  }

  /** Surrogates turned back for `allowed` fields, in the text and inside the text base64-encoded in it. */
  private restoreText(text: string, allowed: (field: string) => boolean): string {
    return this.surrogates.restore(
      mapEncoded(text, (decoded) => this.restoreText(decoded, allowed)),
      allowed,
      this.ageReference,
    );
  }

  /** Whether sanitize would give `recipient` a sure detection of `field` as it is (static mode and reachability included). */
  private mayReceive(field: string, channel: Channel, recipient: string): boolean {
    const query: AuthorizationQuery = { field, kind: "unknown", valueType: "value", confidence: 1, channel, recipient, position: this.positionOf(recipient) };
    return authorize(this.policy, query, this.reachability).action === "allow";
  }

  private contextOf(event: ObservableEvent, options: SanitizeOptions): EventContext {
    // zod names what is wrong; the plain check spares every well-formed call its cost.
    if (!isWellFormedEvent(event)) parseConfig(observableEventSchema, event, "sanitize event");
    if (!isWellFormedOptions(options)) parseConfig(sanitizeOptionsSchema, options, "sanitize options");
    const recipient = event.recipient && event.recipient !== "unknown" ? event.recipient : null;
    const position = event.position ?? this.positionOf(recipient ?? undefined);
    const resolution = event.resolution ?? (recipient ? "explicit" : "field-level-fallback");
    const reversible = options.reversible ?? false;
    const key = [event.channel, this.authorizationClass(event.channel, recipient, position), position, resolution, reversible].join("\u0001");
    return { channel: event.channel, recipient, position, resolution, reversible, key };
  }

  /**
   * Recipients whose verdict is the same for every policy field on a channel get the same text for
   * every string (operators and the backstop never read the recipient), so they share one result
   * cache: a team's original agents, or its introduced ones, are sanitized for once, not each.
   * Fields without a policy entry are protected for everyone alike.
   */
  private authorizationClass(channel: Channel, recipient: string | null, position: Position): string {
    if (recipient === null) return "\u0000";
    const id = `${channel}\u0001${recipient}\u0001${position}`;
    let known = this.classes.get(id);
    if (known === undefined) {
      known = "";
      for (const field in this.policy.fields) {
        const query: AuthorizationQuery = { field, kind: "unknown", valueType: "value", confidence: 1, channel, recipient, position };
        const { reason } = authorize(this.policy, query, this.reachability);
        let code = this.reasonCodes.get(reason);
        if (code === undefined) this.reasonCodes.set(reason, (code = String.fromCharCode(0x100 + this.reasonCodes.size)));
        known += code;
      }
      this.classes.set(id, known);
    }
    return known;
  }

  /** Decide each deciding group of one string (callers redact the whole string if detecting or deciding throws). */
  private plan(context: EventContext, text: string, groups: Detection[][]): PlannedSpan[] {
    return groups.map((group) => {
      // One span can be the value of several fields: it is protected if any of them must be (the first such decides), but for a
      // word that only hints at a value where it is another value this reader may see (round 12 red team: the allowed
      // department `Nephrology`, a hint of a kidney disease, had been redacted).
      let first: PlannedSpan | undefined;
      let hinted: PlannedSpan | undefined;
      let shown = false;
      // A grade's glosses are every level near its label, whichever the grade: where the same word is a score's band this reader
      // may see, it is that band (round 15 re-judge: `Credit tier: Poor` for the reader of `credit_tier`, beside an internal rating).
      let bandShown = false;
      let withheld: Detection[] | undefined;
      // A tail this reader may see as a field's own masked value (`account_last4: ****2905`) is that value's, not the full number's
      // (round 21 red team: the allowed last four came out as the surrogate account's).
      const ownTail = group.length > 1 && group.every((d) => TAIL_ROLES.has(d.role ?? "")) ? group.find((d) => d.value !== undefined && isMaskedValue(d.value)) : undefined;
      if (ownTail) {
        const span = this.decide(context, text, ownTail);
        if (span.action === "allow") return span;
      }
      for (const d of group) {
        const span = this.decide(context, text, d);
        const hint = HINTING_ROLES.has(d.role);
        if (span.action === "allow") {
          first ??= span;
          shown ||= !hint && d.field !== null;
          bandShown ||= span.reason.startsWith(BAND_READER_REASON);
        } else if (!hint) return span;
        else {
          hinted ??= span;
          (withheld ??= []).push(d);
        }
      }
      // Not where a grade's own field is named beside it (`poor internal rating`).
      const glossesOnly = () => withheld!.every((d) => d.role === "band" && d.field !== null && isRatingField(d.field) && !fieldNamedBeside(text, d.start, d.end, d.field));
      return hinted !== undefined && !shown && !(bandShown && glossesOnly()) ? hinted : first!;
    });
  }

  /**
   * A scheduling field of the policy (`appointment_time`) with no registered value, this reader is authorized for: the
   * task writes it, and the dates near a registered one are its options. One with a value is found as itself, and other
   * dates near a registered one stay that one's computation (a lab a week after a forbidden discharge).
   */
  private schedulingFieldOf(context: EventContext): string | undefined {
    return this.unregisteredFieldFor(context, "date", isSchedulingField);
  }

  /**
   * A band field of the policy beside the score it bands (`credit_tier` of `credit_score`, `salary_band` of `salary`) with no
   * registered value, this reader is authorized for: the band is what it may see (round 15 red team: `Credit tier: Poor`
   * of a score of 481 was redacted for the loan officer allowed the tier).
   */
  private bandFieldOf(field: string, context: EventContext): string | undefined {
    return this.unregisteredFieldFor(context, "text", (candidate) => isBandFieldOf(candidate, field));
  }

  /**
   * Why a rendering this reader may not see as a value's is its to see as what a policy field the vault holds no value of names,
   * if it is: a date near a registered one where it may see the time the task schedules (not the registered date itself in a form
   * the matcher lacks, round 13 re-judge, nor a date a day or three off it, round 16); a score's band where it may see the band
   * field (`bandFieldOf`); a hint where `hintReaderOf` says so.
   */
  private readerOfUnregistered(text: string, detection: Detection, context: EventContext): string | undefined {
    switch (detection.role) {
      case "derived-date": {
        const scheduling = detection.apart === 0 ? undefined : this.schedulingFieldOf(context);
        return scheduling === undefined || withinDaysOfValue(text, detection) ? undefined : `derived-date-reader-schedules:${scheduling}`;
      }
      case "band": {
        const band = detection.field === null ? undefined : this.bandFieldOf(detection.field, context);
        return band === undefined ? undefined : `${BAND_READER_REASON}${band}`;
      }
      case "indicator":
        return this.hintReaderOf(text, detection, context);
      default:
        return undefined;
    }
  }

  /**
   * Why a hint is this reader's to see, if it is: a clinical specialty where it may see the department the task books (round 16
   * red team: `Department: Nephrology` was redacted for the scheduler allowed the department), a department's job title where it
   * may see the position (`Financial Analyst` for the interviewer allowed the position, the department kept from it).
   */
  private hintReaderOf(text: string, detection: Detection, context: EventContext): string | undefined {
    const written = text.slice(detection.start, detection.end);
    // The department the task books is the one its label names (round 16 re-judge: `She is also followed by Psychiatry` in a note is the patient's history).
    const department = isSpecialtyName(written) && DEPARTMENT_LABEL_BEFORE.test(text.slice(Math.max(0, detection.start - LABEL_REACH), detection.start)) ? this.unregisteredFieldFor(context, "text", isDepartmentField) : undefined;
    if (department !== undefined) return `department-reader-authorized:${department}`;
    const position = detection.field !== null && isDepartmentField(detection.field) && isJobTitle(written) ? this.unregisteredFieldFor(context, "text", isPositionField) : undefined;
    return position === undefined ? undefined : `position-reader-authorized:${position}`;
  }

  /** The first policy field `matches` accepts that the vault holds no value of and this reader is authorized for. */
  private unregisteredFieldFor(context: EventContext, kind: string, matches: (field: string) => boolean): string | undefined {
    if (context.recipient === null) return undefined;
    const entries = this.vault.entries();
    if (this.unregistered.entries !== entries.length) {
      const registered = new Set(entries.map((entry) => entry.field));
      this.unregistered = { entries: entries.length, fields: Object.keys(this.policy.fields).filter((field) => !registered.has(field)) };
    }
    const { recipient, channel, position } = context;
    return this.unregistered.fields.find(
      (field) => matches(field) && authorize(this.policy, { field, kind, valueType: "format", confidence: 1, channel, recipient, position }, this.reachability).action === "allow",
    );
  }

  /** A method, not a closure made per plan: plan runs for every string and recipient. */
  private decide(context: EventContext, text: string, detection: Detection): PlannedSpan {
    let verdict =
      context.reversible && context.recipient === null && detection.field !== null
        ? // A shared write has no single reader and each reader gets restored values: seal everything.
          { action: protectAction(detection.valueType, detection.kind, this.policy.fields[detection.field]), reason: "reversible-shared-write" }
        : authorize(this.policy, authorizationQuery(detection, context), this.reachability);
    if (verdict.action !== "allow") {
      const reader = this.readerOfUnregistered(text, detection, context);
      if (reader !== undefined) verdict = { action: "allow", reason: reader };
    }
    const action = context.reversible ? (REVERSIBLE_ACTION[verdict.action] ?? verdict.action) : verdict.action;
    return { detection, action, reason: verdict.reason };
  }

  /**
   * An allowed span that holds another field's value this recipient may not see (an intake note
   * quoting the SSN, an address and its ZIP) is not allowed whole: the values inside it that must
   * be protected are, and the rest of it stays.
   */
  private withNestedProtections(text: string, planned: PlannedSpan[], detections: Detection[], context: EventContext): PlannedSpan[] {
    // By start (a stable sort keeps the input order of equal starts): each allowed span reads only the detections that start inside it.
    const byStart = sortInPlace([...detections], (a, b) => a.start - b.start);
    return planned.flatMap((span) => {
      if (span.action !== "allow") return [span];
      const { start, end } = span.detection;
      const inside: Detection[] = [];
      for (let at = firstStartingAt(byStart, start); at < byStart.length && byStart[at].start < end; at++) {
        const d = byStart[at];
        // Only a value standing as its own token: the name in `maria.gonzalez@example.com` is part of the email the reader may see.
        // An unregistered hit of the span's own kind, or inside an identifier's rendering, is a part of that value (`555-0132` of `Four One Five,
        // 555-0132`, NER's person `Dixon` of `Ms. Dixon`, an account number's halves `999543424 38582215`); a contextual span's is not.
        if (d.field === null && (sameKind(d.kind, span.detection.kind) || span.detection.valueType === "format")) continue;
        // A word inside a value this reader may see that only hints at another (round 12 red team: `Dupixent` of an allowed drug request, a hint of the diagnosis) is that value's.
        if (HINTING_ROLES.has(d.role) && span.detection.field !== null && !HINTING_ROLES.has(span.detection.role)) continue;
        // Inside a hit nobody registered (an email, a date the policy lets through), a registered value is no part of anything the reader was authorized for: protected wherever it stands.
        const counts = (span.detection.field === null && d.field !== null) || standsAlone(text, d);
        if (d.end <= end && d.end - d.start < end - start && counts) inside.push(d);
      }
      if (inside.length === 0) return [span];
      const nested = this.plan(context, text, decidingGroups(inside)).filter((inner) => inner.action !== "allow");
      // The outer allow stays in the trail, so a reader of the decisions sees why the rest of it passed.
      return nested.length === 0 ? [span] : [{ ...span, reason: `${span.reason};inner-values-protected`, recordOnly: true as const }, ...nested];
    });
  }

  private groupsOf(text: string, extra: Detection[]): Detection[][] {
    if (extra.length > 0) return decidingGroups([...this.detectAll(text), ...extra]);
    return this.groups.get(text, () => decidingGroups(this.detectAll(text)));
  }

  /**
   * `sanitizeString`, then the text base64-encoded inside the result (a header, an attachment),
   * sanitized for the same recipient as text of its own and encoded back as it was written. After,
   * not before: the LLM tiers' spans are offsets in the string as written.
   */
  private sanitizeText(text: string, path: string, context: EventContext, decisions: Decision[], rewriteOf: RewriteLookup, judged?: Detection[], depth = 0): string {
    const sanitized = this.sanitizeString(text, path, context, decisions, rewriteOf, judged);
    try {
      return mapEncoded(sanitized, (decoded, segment) => {
        // An operator whose output encodes its input would be decoded and sanitized again without end.
        if (depth >= MAX_ENCODING_DEPTH) throw new Error(`text encoded more than ${MAX_ENCODING_DEPTH} levels deep`);
        const inner: Decision[] = [];
        const result = this.sanitizeText(decoded, path, context, inner, rewriteOf, undefined, depth + 1);
        for (const decision of inner) decisions.push({ ...decision, encoded: [[segment.start, segment.end], ...(decision.encoded ?? [])] });
        return result;
      });
    } catch (error) {
      decisions.push(this.failureDecision(sanitized, path, context, "detection-error", error));
      return DETECTION_ERROR;
    }
  }

  private sanitizeString(
    text: string,
    path: string,
    context: EventContext,
    decisions: Decision[],
    rewriteOf: RewriteLookup,
    judged: Detection[] = [],
  ): string {
    if (text.length === 0) return text;
    let planned: PlannedSpan[];
    let restoredNothing = true;
    try {
      // Surrogates from an earlier hop become real values again, so each recipient is judged on the
      // real value: authorized readers get it back, others get the same deterministic surrogate.
      const real = this.realText(text);
      restoredNothing = real.text === text;
      text = real.text;
      planned = this.plan(context, text, judged.length === 0 ? this.realGroups(real) : this.groupsOf(text, [...judged, ...real.restored]));
      if (planned.some((span) => span.action === "allow")) planned = this.withNestedProtections(text, planned, [...this.detectAll(text), ...judged, ...real.restored], context);
    } catch (error) {
      decisions.push(this.failureDecision(text, path, context, "detection-error", error));
      return DETECTION_ERROR;
    }
    // An object key that is one ordinary word and a name part alone (`{"price": 40}` beside `Mark Price`), or an identifier
    // with an indicator in it (`bail_usd`), is structure; not where restoring wrote it (a surrogate in a key is the real value again).
    if (isKeyPath(path) && restoredNothing) planned = planned.filter(({ detection }) => !isStructuralKeyWord(text, detection));
    if (planned.length === 0) return text;
    const output = new OutputText();
    let cursor = 0;
    const inserted: Array<[number, number]> = [];
    for (const span of planned) {
      if (span.recordOnly) {
        decisions.push(this.decision(span, path, context));
        continue;
      }
      const { detection } = span;
      const written = text.slice(detection.start, detection.end);
      // A word broken by a line wrap's hyphen (`Achter-\nberg`) is transformed whole, so its surrogate is the whole word's and restores.
      const original = span.action === "allow" ? written : unwrappedWords(written);
      const { replacement: transformed, fallback, exception, action } = this.transform(original, text, span, context, rewriteOf);
      let replacement = span.action !== "allow" && transformed === this.redact(detection) ? redactionKeepingStructure(original, transformed) : transformed;
      output.append(text.slice(cursor, detection.start));
      cursor = detection.end;
      // A surrogate's article and possessive fitted to it (not in shared state, which restores as written).
      if (span.action !== "allow" && !context.reversible && replacement !== original) {
        output.fitArticle(original, replacement);
        const possessive = possessiveAfter(text.slice(Math.max(0, detection.start - 1), detection.start), text.slice(cursor, cursor + 5), original, replacement);
        if (possessive !== null) {
          replacement += possessive;
          cursor += 1;
        }
      }
      if (span.action !== "allow") inserted.push([output.length, output.length + replacement.length]);
      output.append(replacement);
      decisions.push(this.decision(span, path, context, fallback, exception, action));
    }
    output.append(text.slice(cursor));
    // An operator may return its input unchanged (zero mLDP noise): only all-allow skips the backstop.
    return inserted.length === 0 ? text : this.backstop(output.toString(), path, context, decisions, inserted);
  }

  private transform(
    original: string,
    text: string,
    span: PlannedSpan,
    context: EventContext,
    rewriteOf: RewriteLookup,
  ): { replacement: string; fallback?: string; exception?: string; action?: Action } {
    const { detection, action } = span;
    if (action === "allow") return { replacement: original };
    // A rating's own word pointing into the text (`Below is a summary` where the rating is Below) reads as a neutral pointer: a placeholder there told the word.
    if (!context.reversible && detection.field !== null && isRatingWordPointing(detection.field, text, detection.start, detection.end)) {
      return { replacement: copyCase(original, "Here"), fallback: "pointing-word", action: "rewrite" };
    }
    if (action === "rewrite") {
      const rewritten = rewriteOf(text, span);
      if (rewritten && "text" in rewritten) return { replacement: rewritten.text };
      if (rewritten) return { replacement: this.redact(detection), fallback: rewritten.fallback };
      const department = context.reversible ? null : this.departmentPseudonym(detection, original);
      if (department !== null) return { replacement: department, fallback: "department-pseudonym", action: "pseudonymize" };
      return { replacement: this.redact(detection), fallback: this.rewriter ? "rewrite-unavailable-sync" : "no-rewriter" };
    }
    if (action === "redact" && context.reversible && detection.field) return { replacement: this.seal(detection, original) };
    // A cut surrogate, a surrogate date's age, a date shifted or an amount scaled with its value could not be restored for the readers of shared state: sealed, they restore to what was written.
    if (SEALED_ROLES.has(detection.role) && context.reversible) return { replacement: this.seal(detection, original) };
    try {
      const operator = this.operators.get(action);
      if (!operator) throw new OperatorError(`no operator for ${action}`, "no-operator");
      const plain = plainForm(original);
      const asRegistered = action === "pseudonymize" && detection.value !== undefined && plain !== detection.value ? registeredRendering(plain, detection.value) : null;
      const input = { value: asRegistered ?? plain, field: detection.field, kind: detection.kind, valueType: detection.valueType, registered: detection.value, avoid: this.avoidNames };
      if (action === "pseudonymize" && detection.value !== undefined && this.surrogates.isShared(action, detection.value)) {
        // Another registered name gets the same pseudonym (unlisted names share 32 reserved ones): a reader could not tell whose it is.
        return { replacement: this.seal(detection, original), fallback: "pseudonym-shared" };
      }
      const part = wholeSurrogatePart(action, detection.role, this.ageReference);
      if (part && detection.value !== undefined) {
        // A partial rendering shows its part of the whole value's surrogate, so it restores as that part.
        const whole = this.applied.apply(operator, { ...input, value: detection.value });
        const shown = part(whole.text, plain, detection.value);
        if (shown !== null) {
          // A part the surrogate shares with the value (`Attorney T` of `Attorney Thompson` and of its surrogate `Attorney Taylor`) hides nothing.
          const hidesNothing = shown.toLowerCase() === plain.toLowerCase();
          if (hidesNothing && !context.reversible) return { replacement: this.redact(detection), fallback: "surrogate-part-shows-the-value" };
          // A part another registered value shows too (`Attorney C`, cut from a surrogate `Attorney Carlson`, and from `Attorney Cole`) names that value.
          if (!context.reversible && this.showsAnotherValue(text, detection, shown)) return { replacement: this.redact(detection), fallback: "surrogate-part-shows-another-value" };
          // Sealed for shared state's readers, too: a glued or spelled pseudonym too short or too common to be looked for (`jkhan`, `potters`,
          // `L-E-E`) would stay a surrogate, and a part another name's pseudonym shows for another real part (`Dear Lena` of Cesar and of
          // Kristine) would restore to the wrong person.
          if (context.reversible && (hidesNothing || !isFindableAgain(detection.role, shown, whole.text) || this.showsAmbiguously(text, detection, shown))) {
            return { replacement: this.seal(detection, original) };
          }
          return { replacement: escapedAs(original, shown), exception: whole.exception };
        }
      }
      const applied = this.applied.apply(operator, input);
      // A name written in capitals (`PATRICK O'CONNOR`) is pseudonymized as its registered rendering: its pseudonym is written in capitals too.
      const result = asRegistered === null ? applied : { ...applied, text: copyCase(plain, applied.text) };
      if (context.reversible && action === "fpe" && detection.valueType === "value" && !isRestorableAmount(plain, detection.value, result)) {
        // An amount in shared state that FPE can only pad (`$45,000` -> `$93358544,207`), spell in letters (`$4.5M`) or write in other digits than the registered value's: sealed instead.
        return { replacement: this.seal(detection, original), fallback: "fpe-sealed-not-format-preserving" };
      }
      if (context.reversible && action === "pseudonymize" && hasInnerCapital(plain) && comesBackInOtherCase(plain, this.surrogates.restore(result.text, () => true))) {
        // A name written in capitals a pseudonym cannot carry (`McMahon` of the registered `Mcmahon`) would restore as registered: sealed, it restores as written.
        return { replacement: this.seal(detection, original) };
      }
      // A span written percent-encoded (in a URL) gets its surrogate encoded alike.
      return { replacement: escapedAs(original, result.text), exception: result.exception };
    } catch (error) {
      const fallback = error instanceof OperatorError ? error.fallback : `${action}-error`;
      return { replacement: this.redact(detection), fallback };
    }
  }

  /**
   * Without a rewriter, a department named whole (`HR`, `Customer Success`) reads as another of its
   * shape (`QA`): a placeholder in `[REDACTED] Support` or `an [REDACTED] employee` left one
   * department to fill it. One-way only (see `departmentPseudonym`); null where it does not apply.
   */
  private departmentPseudonym(detection: Detection, original: string): string | null {
    const { field, value } = detection;
    if (field === null || value === undefined || !isDepartmentField(field) || !isListedDepartment(value)) return null;
    const plain = plainForm(original);
    // Its other name (`Human Resources` of `HR`) reads as the pseudonym's name of that style, where it has one.
    const renamed = isOtherDepartmentName(plain, value);
    if (!renamed && normalizeValue(plain) !== normalizeValue(value)) return null;
    const operator = this.operators.get("pseudonymize");
    try {
      const pseudonym = operator ? this.applied.apply(operator, { value: renamed ? value : plain, field, kind: DEPARTMENT_KIND, valueType: "value", registered: value }).text : null;
      return pseudonym !== null && renamed ? departmentNamedLike(pseudonym, plain) : pseudonym;
    } catch {
      return null;
    }
  }

  /** Whether `shown` in place of the detection's span reads as surrogates of different values (checked in a window of the text around it). */
  private showsAmbiguously(text: string, detection: Detection, shown: string): boolean {
    const { window, start, end } = shownInPlace(text, detection, shown);
    return this.surrogates.isAmbiguousAt(window, start, end);
  }

  /** Whether `shown`, put in the detection's place, reads as a form of another registered value (the vault matcher over a window around it). */
  private showsAnotherValue(text: string, detection: Detection, shown: string): boolean {
    const { window, start, end } = shownInPlace(text, detection, shown);
    return this.vault.detect(window).some((found) => found.start < end && start < found.end && found.value !== undefined && found.value !== detection.value);
  }

  /** The fallback placeholder: never a plug-in, which is what may just have failed. */
  private redact(detection: Detection): string {
    return redactionPlaceholder(detection.kind);
  }

  /** A restorable placeholder: keyed tag of the canonical vault value the span is a form of, and the span itself sealed. */
  private seal(detection: Detection, span: string): string {
    if (detection.field === null || detection.value === undefined) return this.redact(detection);
    return this.surrogates.placeholder(detection.kind, detection.field, detection.value, span);
  }

  /** Exact/variant backstop (6.6.4): an unauthorized vault value still present after transformation is redacted. */
  private backstop(
    output: string,
    path: string,
    context: EventContext,
    decisions: Decision[],
    inserted: Array<[number, number]>,
  ): string {
    let current = output;
    for (let round = 0; round < 3; round++) {
      let leaks: PlannedSpan[];
      try {
        // Only vault values count: a recognizer hit on an FPE surrogate is the surrogate, not a leak.
        // The first round scans only around what was inserted: the rest was decided in the first pass.
        const found = round === 0 ? this.vaultAround(current, inserted) : this.vault.detect(current);
        leaks = this.plan(context, current, decidingGroups(found)).filter(
          (span) => span.action !== "allow" && !isPlaceholder(current, span.detection),
        );
      } catch (error) {
        decisions.push(this.failureDecision(current, path, context, "backstop-error", error));
        return DETECTION_ERROR;
      }
      if (leaks.length === 0) return current;
      for (const span of sortInPlace(leaks, (a, b) => b.detection.start - a.detection.start)) {
        const replacement = this.redact(span.detection);
        current = current.slice(0, span.detection.start) + replacement + current.slice(span.detection.end);
        decisions.push(this.decision({ ...span, action: "redact" }, path, context, "backstop"));
      }
    }
    decisions.push(this.failureDecision(current, path, context, "backstop-unsettled", new Error("values kept reappearing")));
    return DETECTION_ERROR;
  }


  /** Vault detections in windows around `ranges`, wide enough for the longest vault value to straddle an edge. */
  private vaultAround(text: string, ranges: Array<[number, number]>): Detection[] {
    const margin = this.backstopMargin();
    const windows: Array<[number, number]> = [];
    for (const [start, end] of ranges) {
      // Snap to whitespace so a window edge never creates a word boundary the text does not have.
      const from = Math.max(0, text.lastIndexOf(" ", Math.max(0, start - margin)));
      const next = text.indexOf(" ", Math.min(text.length, end + margin));
      const to = next === -1 ? text.length : next;
      const last = windows[windows.length - 1];
      if (last && from <= last[1]) last[1] = Math.max(last[1], to);
      else windows.push([from, to]);
    }
    return windows.flatMap(([from, to]) => {
      const window = text.slice(from, to);
      // The first pass judged the whole text, its real end too: a window's end cuts no value.
      const found = this.windowDetections.get(window, () => this.vault.detect(window, false));
      const placed = from === 0 ? found : found.map((d) => ({ ...d, start: d.start + from, end: d.end + from }));
      // A name's part away from any insertion the first pass judged with all its context, which a window's edge cuts off (round 16
      // red team: `Tamara Goodwin` cut to `Goodwin` at a window's start read as the opposing party's surname); other values an
      // insertion makes readable count wherever they are (an address's street once its city is redacted).
      return placed.filter((d) => !NAME_PART_ROLES.has(d.role ?? "") || ranges.some(([start, end]) => d.start <= end && start <= d.end));
    });
  }

  /** `action`: what a fallback did instead of redacting (a department's pseudonym); a fallback redacts otherwise. */
  private decision(span: PlannedSpan, path: string, context: EventContext, fallback?: string, exception?: string, action?: Action): Decision {
    const { detection } = span;
    const decision: Decision = {
      field: detection.field,
      kind: detection.kind,
      valueType: detection.valueType,
      tier: detection.tier,
      confidence: detection.confidence,
      source: detection.source,
      channel: context.channel,
      recipient: context.recipient,
      position: context.position,
      resolution: context.resolution,
      action: action ?? (fallback ? "redact" : span.action),
      // An operator's exception note is a plug-in's text: it may quote the value.
      reason: exception ? `${span.reason};${errorSummary(exception, this.vault)}` : span.reason,
      path,
      span: [detection.start, detection.end],
    };
    if (fallback) decision.fallback = fallback;
    return decision;
  }

  private failureDecision(text: string, path: string, context: EventContext, fallback: string, error: unknown): Decision {
    return {
      field: null,
      kind: "unknown",
      valueType: "contextual",
      tier: 0,
      confidence: 1,
      source: "guard",
      channel: context.channel,
      recipient: context.recipient,
      position: context.position,
      resolution: context.resolution,
      action: "redact",
      fallback,
      reason: `${fallback}: ${errorSummary(error, this.vault)}`,
      path,
      span: [0, text.length],
    };
  }

  /** Judge contextual fields the pattern tiers missed, and pre-compute verified rewrites. */
  private async prepareAsync(
    text: string,
    path: string,
    context: EventContext,
    rewrites: Map<string, RewriteOutcome>,
    judged: Map<string, Detection[]>,
  ): Promise<void> {
    let planned: PlannedSpan[];
    let real: RealText;
    try {
      real = this.realText(text);
      text = real.text;
      planned = this.plan(context, text, this.realGroups(real));
    } catch {
      return; // sanitizeString redacts this string when it meets the same error.
    }
    const extra: Detection[] = [];
    if (this.judge && text.length >= 16 && (context.channel !== "C3" && context.channel !== "C4")) {
      const found = new Set(planned.map((span) => span.detection.field));
      for (const entry of this.vault.entries()) {
        if (entry.valueType !== "contextual" || found.has(entry.field)) continue;
        if (context.recipient && this.isAuthorized(entry.field, context.channel, context.recipient)) continue;
        const target = { field: entry.field, value: entry.value, kind: entry.kind };
        const detection: Detection = {
          start: 0,
          end: text.length,
          field: entry.field,
          kind: entry.kind,
          valueType: "contextual",
          tier: 3,
          confidence: 1,
          source: "judge",
          value: entry.value,
        };
        try {
          const verdict = checkedVerdict(await withDeadline(this.judge.score(text, target), this.pluginTimeoutMs, () => new OperatorError("the judge did not answer in time", "judge-error")));
          // Either the judge's own call or its threshold says disclosed: fail closed.
          if (verdict.disclosed || verdict.score >= this.judge.threshold) extra.push({ ...detection, confidence: verdict.score, source: `judge:${verdict.promptHash}` });
        } catch {
          extra.push({ ...detection, source: "judge-error" });
        }
        found.add(entry.field);
      }
      if (extra.length > 0) {
        judged.set(path, extra);
        planned = this.plan(context, text, this.groupsOf(text, [...extra, ...real.restored]));
      }
    }
    for (const span of planned) {
      if (span.action !== "rewrite") continue;
      if (span.detection.source === "judge-error") {
        rewrites.set(rewriteKey(text, span), { fallback: "judge-error" });
        continue;
      }
      if (!this.rewriter) continue;
      const spanText = text.slice(span.detection.start, span.detection.end);
      try {
        const request = { text, span: spanText, target: { field: span.detection.field ?? span.detection.kind, value: span.detection.value ?? spanText, kind: span.detection.kind } };
        const result = await withDeadline(this.rewriter.rewrite(request), this.pluginTimeoutMs, () => new OperatorError("the rewriter did not answer in time", "rewrite-timeout"));
        if (typeof result?.text !== "string") throw new OperatorError("the rewriter returned no { text }", "rewrite-invalid-output");
        // A rewrite that still holds the span verbatim rewrote nothing.
        if (result.text.toLowerCase().includes(spanText.toLowerCase())) throw new OperatorError("the rewrite still holds the span", "rewrite-unverified");
        rewrites.set(rewriteKey(text, span), { text: result.text });
      } catch (error) {
        rewrites.set(rewriteKey(text, span), { fallback: error instanceof OperatorError ? error.fallback : "rewrite-error" });
      }
    }
  }
}

showSummaryOnly(Guard.prototype, "Guard", (guard) => ({ mode: guard.policy.mode, fields: Object.keys(guard.policy.fields), vaultValues: guard.vault.entries().length }));

/** `decisions` is built when first read: a caller that ignores it does not pay for it. */
class TrailResult<T> {
  readonly #trail: DecisionTrail;
  declare readonly decisions: Decision[];

  constructor(
    readonly content: T,
    trail: DecisionTrail,
  ) {
    this.#trail = trail;
    // An own enumerable property (spread, JSON, toEqual see it) whose getter is shared by every result.
    Object.defineProperty(this, "decisions", DECISIONS);
  }

  static decisionsOf(this: TrailResult<unknown>): Decision[] {
    return this.#trail.decisions();
  }
}
const DECISIONS: PropertyDescriptor = { get: TrailResult.decisionsOf, enumerable: true };

/**
 * Whether an amount's FPE output reads as the value did (no pad digits added, no letters
 * enciphered) and restores: the surrogates restoring finds are those of the registered value's
 * digits, so `$53,052.00` of 53052 would stay a surrogate for its reader.
 */
function isRestorableAmount(span: string, registered: string | undefined, output: OperatorOutput): boolean {
  const digits = (text: string) => text.replace(/\D/g, "");
  return output.exception !== REPRESENTATION_LENGTH && !/[A-Za-z]/.test(span) && registered !== undefined && digits(span) === digits(registered);
}

/**
 * A span as its operator should read it: escapes decoded (`%40`, `\u00e9`, `&#45;`), compatibility
 * letters and digits (`１２３`) as the ones they show, invisible format characters gone; separators
 * as written (a U+2011 hyphen stays one).
 */
function plainForm(written: string): string {
  // Digits of other scripts (`١٢٣`, `१२३`) as ASCII ones: the surrogate is written in ASCII digits.
  const span = asciiDigits(unescapedText(written));
  if (!/[^\x00-\x7f]/.test(span)) return span;
  // Letters of other scripts drawn as Latin ones (`Ryаn` with a Cyrillic `а`) as those: the span is a rendering of the registered value.
  return withoutLookalikes(span.replace(/\p{Cf}/gu, "").replace(/[^\x00-\x7f]/gu, (char) => (/[\p{L}\p{N}]/u.test(char) ? char.normalize("NFKC") : char)));
}

function resultOf<T>(content: T, trail: DecisionTrail): SanitizeResult<T> {
  return new TrailResult(content, trail);
}

/** A capital after a lowercase letter (`McMahon`, `DeVito`): the only case a pseudonym does not carry over. */
function hasInnerCapital(text: string): boolean {
  return /\p{Ll}\p{Lu}/u.test(text);
}

/** Whether `restored` is `written` in other letter case only. */
function comesBackInOtherCase(written: string, restored: string): boolean {
  return restored !== written && restored.toLowerCase() === written.toLowerCase();
}

function cacheFor<V>(caches: Map<string, VaultBoundCache<V>>, key: string, vault: Vault): VaultBoundCache<V> {
  let cache = caches.get(key);
  if (!cache) caches.set(key, (cache = new VaultBoundCache<V>(vault)));
  return cache;
}

/** `shown` put in the detection's place, with AMBIGUITY_WINDOW characters of the text on each side, and where it stands in that window. */
function shownInPlace(text: string, detection: Detection, shown: string): { window: string; start: number; end: number } {
  const before = text.slice(Math.max(0, detection.start - AMBIGUITY_WINDOW), detection.start);
  return { window: before + shown + text.slice(detection.end, detection.end + AMBIGUITY_WINDOW), start: before.length, end: before.length + shown.length };
}

/** Built field by field: a spread of detections of varied shapes makes every query a new hidden class (slow lookups). */
function authorizationQuery(detection: Detection, context: EventContext): AuthorizationQuery {
  const { field, kind, valueType, confidence } = detection;
  return { field, kind, valueType, confidence, channel: context.channel, recipient: context.recipient, position: context.position };
}

function rewriteKey(text: string, span: PlannedSpan): string {
  return `${span.detection.start}:${span.detection.end}:${span.detection.field}:${text.length}:${text.slice(span.detection.start, span.detection.end)}`;
}

function isPlaceholder(text: string, detection: Detection): boolean {
  return text.lastIndexOf("[REDACTED:", detection.start) > text.lastIndexOf("]", detection.start - 1);
}

/**
 * Whether a span is a token of its own: whitespace, brackets, quotes, clause punctuation or a log's and markdown's marks
 * around it (`ssn=123-45-6789`, `#123-45-6789`, `**…**`, a table's `|`: round 14 audit); not `.`, `@`, `-`, `_`, `/` inside an
 * email, an identifier, a handle or a path.
 */
function standsAlone(text: string, { start, end }: Detection): boolean {
  const before = text.charAt(start - 1);
  const after = text.charAt(end);
  const next = text.charAt(end + 1);
  // A joiner between letters and digits parts two tokens (`ssn_123-45-6789`, `ssn/123-45-6789`), not two words of one handle.
  const parted = (joiner: string, outer: string, inner: string) => /[_/]/.test(joiner) && isDigit(outer) !== isDigit(inner);
  const alonePrefix = start === 0 || /[\s,;:(\[{"'<=#*|]/.test(before) || parted(before, text.charAt(start - 2), text.charAt(start));
  const aloneSuffix = end === text.length || /[\s,;:)\]}"'>=#*|]/.test(after) || (/[.!?]/.test(after) && (next === "" || /\s/.test(next))) || parted(after, next, text.charAt(end - 1));
  return alonePrefix && aloneSuffix;
}

/** `value` with every object and array in it frozen. */
function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

function isDigit(character: string): boolean {
  return character >= "0" && character <= "9";
}

/**
 * The registered name to pseudonymize instead of a span that renders it, so that its surrogate restores: the
 * registered value for other accents or case (`Michael González` of `Michael Gonzalez`); its first name and
 * surname for a short first name (`Greg Olson` of `Gregory Olson`, `Bob Pearson` of `Robert Pearson II`:
 * two words, the same surname, a short form from the matcher's nickname table or `isGivenNameForm`, `Gabi Beard`
 * of `Gabriela Beard`), its first name and initial for a short first name and initial (`Bob P.`). Null for any other span.
 */
function registeredRendering(span: string, registered: string): string | null {
  if (withoutAccents(span) === withoutAccents(registered)) return registered;
  const written = span.split(/\s+/).map(normalizeValue);
  const first = namePart(registered, "first-name");
  const surname = namePart(registered, "surname");
  if (written.length !== 2 || first === null || surname === null) return null;
  const given = normalizeValue(first);
  if (!nicknamesOf(given).includes(written[0]) && !isGivenNameForm(written[0], given)) return null;
  if (written[1] === normalizeValue(surname)) return `${first} ${surname}`;
  // The surname's initial (`Bob P.`) stays an initial: the pseudonym shows its surrogate's.
  return written[1] === normalizeValue(surname).charAt(0) ? `${first} ${span.trim().split(/\s+/)[1]}` : null;
}
