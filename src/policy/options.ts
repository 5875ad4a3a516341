import { z } from "zod";
import { ACTIONS, CHANNELS, VALUE_TYPES } from "../event.js";
import type { Detector, Recognizer } from "../detect/base.js";
import type { Operator } from "../transform/base.js";
import type { Judge, Rewriter } from "../detect/plugins.js";
import { canonicalKind, misspeltKind } from "./kinds.js";

/** What an operator plug-in may replace: every action but `allow` (which transforms nothing). */
const OPERATOR_ACTIONS: readonly unknown[] = ACTIONS.filter((action) => action !== "allow");

const valueTypeSchema = z.enum(VALUE_TYPES);
const actionSchema = z.enum(ACTIONS);
const channelSchema = z.enum(CHANNELS);

/** Authorization of one field on one channel, replacing the field's default list there. */
const channelOverrideSchema = z.strictObject({
  /** Recipients allowed to receive the real value on this channel. */
  authorized: z.array(z.string().min(1)),
});

/** A secret keys are derived from: never empty or blank, as text or bytes (keys from a secret anyone can guess let anyone reverse the surrogates). */
export const secretSchema = z.union(
  [
    z.string().refine((text) => text.trim().length > 0, "must not be empty or blank"),
    // Empty, one byte or all one byte (`Buffer.alloc(32)`, a key never filled): no secret.
    z.instanceof(Uint8Array).refine((bytes) => bytes.some((byte) => byte !== bytes[0]), "must hold bytes that are not all the same"),
  ],
  { error: "must be a string or the bytes of a key (a Uint8Array or Buffer)" },
);

/** Release policy of one protected field. */
export const fieldPolicySchema = z.strictObject({
  /**
   * Which transformation family applies when the value must be protected (paper section 3.5).
   * Absent: the declared `kind`'s family, else inferred from the field name and value (`inferFieldType`).
   */
  valueType: valueTypeSchema.optional(),
  /**
   * Value kind (ssn, card, date, name, amount, email, phone, id, address, number, text, ...): drives variant matching. Read in
   * any case and by its other names (`Name`, `person` -> `name`; `dob` -> `date`; `salary` -> `amount`); another kind is a
   * custom one, matched by what its values look like, and one that is a slip of a known kind (`nmae`) is refused.
   */
  kind: z
    .string()
    .min(1)
    .transform(canonicalKind)
    .superRefine((kind, context) => {
      const meant = misspeltKind(kind);
      if (meant) context.addIssue({ code: "custom", message: `"${kind}" is no kind RECONS knows; did you mean "${meant}"? (a custom kind is matched by its values' shape only)` });
    })
    .optional(),
  /** Recipients (node names, `user`, `tool:<name>`, `memory`, `log`, `artifact`) allowed the real value. */
  authorized: z.array(z.string().min(1)).default([]),
  /** Per-channel replacements of `authorized`. */
  channels: z.partialRecord(channelSchema, channelOverrideSchema).optional(),
  /** Force one operation instead of the value-type default. */
  action: actionSchema.exclude(["allow"]).optional(),
  /**
   * Field-level release used when the recipient is unresolved and in static mode.
   * Defaults to true when `authorized` names anyone (the paper's allowed_set).
   */
  releasable: z.boolean().optional(),
});
export type FieldPolicy = z.output<typeof fieldPolicySchema>;

export const policySchema = z.strictObject({
  /** Protected fields; a vault field with no entry is forbidden everywhere. */
  fields: z.record(z.string().min(1), fieldPolicySchema).default({}),
  /** Topology position of each recipient; `introduced` recipients get nothing they are not named for. */
  positions: z.record(z.string().min(1), z.enum(["original", "introduced"])).default({}),
  /** `dynamic` conditions on the recipient; `static` uses the field-level allowed set (the ablation). */
  mode: z.enum(["dynamic", "static"]).default("dynamic"),
  /** Detections below this confidence are protected even for an authorized recipient. */
  minConfidence: z.number().min(0).max(1).default(0.5),
  /** Unregistered recognizer hits below this confidence (pattern-only, no checksum or context) are flagged, not acted on. */
  unregisteredMinConfidence: z.number().min(0).max(1).default(0.5),
  /** Action for recognizer hits that belong to no vault field, by kind (`*` = any other kind). */
  unregistered: z.record(z.string(), actionSchema).default({ date: "allow", "*": "redact" }),
  /** Topology-position extension (6.4.2): protect for an authorized recipient that can reach an unauthorized one. */
  reachability: z
    .strictObject({
      enabled: z.boolean().default(false),
      /** Directed edges [from, to] of the graph. */
      edges: z.array(z.tuple([z.string(), z.string()])).default([]),
    })
    .default({ enabled: false, edges: [] }),
});
export type Policy = z.output<typeof policySchema>;

const scalarSchema = z.union([z.string(), z.number(), z.boolean()]);
/** A vault value: a scalar, a list (a witness list) or a flat dict (a compensation dict). */
export const vaultValueSchema = z.union(
  [scalarSchema, z.array(scalarSchema), z.record(z.string(), z.union([scalarSchema, z.array(scalarSchema)]))],
  { error: "must be a string, a number or a boolean, a list of them, or a flat object of them (a compensation dict)" },
);
export type VaultValue = z.output<typeof vaultValueSchema>;

export const reconsOptionsSchema = z.strictObject({
  policy: policySchema.default(() => policySchema.parse({})),
  /** field -> protected value(s). More can be added at run time with `guard.vault.add`. */
  vault: z.record(z.string().min(1), vaultValueSchema).default({}),
  /**
   * One secret from which FPE, pseudonym, HMAC and AES keys are derived (HKDF). Random if absent.
   * Never empty or blank, as text or bytes: keys from a secret anyone can guess let anyone reverse the surrogates.
   */
  secret: secretSchema.optional(),
  /** FF1 (NIST's 2025 draft keeps only FF1) or FF3-1 (the paper's choice). */
  fpe: z.enum(["ff1", "ff3-1"]).default("ff1"),
  /** Metric-LDP parameters for numeric values. */
  mldp: z
    .strictObject({
      epsilon: z.number().positive().default(1),
      /** Metric unit per kind in the value's real scale (amount 5000 = five thousand currency units); `*` for every kind not named. */
      unit: z.record(z.string(), z.number().positive()).default({}),
      /** For a kind without a `unit`: the unit as this fraction of the value (0.05: a salary of 128,227 on a scale of ~6,400, a score of 738 of ~37). */
      relativeUnit: z.number().positive().default(0.05),
      /**
       * The least noise, as a fraction of the unit (0.6: with the relative unit, 3 % of the value, the farthest the matcher reads
       * a rounding as the same amount): one draw in ten landed within 0.5 % (`$23,601.38` for $23,604.91, a score of 742 as 744).
       */
      floor: z.number().min(0).default(0.6),
    })
    .default({ epsilon: 1, unit: {}, relativeUnit: 0.05, floor: 0.6 }),
  /** Extra recognizers (plug-ins) and whether to keep the built-in ones. */
  recognizers: z
    .array(
      z.custom<Recognizer>(
        (r) => typeof (r as Recognizer)?.detect === "function" && typeof (r as Recognizer).name === "string" && typeof (r as Recognizer).kind === "string" && (VALUE_TYPES as readonly unknown[]).includes((r as Recognizer).valueType),
        "a recognizer needs detect(), a name, a kind and a valueType (format, value or contextual)",
      ),
    )
    .default([]),
  builtinRecognizers: z.boolean().default(true),
  /** Tier-2 detectors (NER) run beside the vault matcher. */
  detectors: z.array(z.custom<Detector>((d) => typeof (d as Detector)?.detect === "function" && typeof (d as Detector).name === "string", "a detector needs detect() and a name")).default([]),
  /** Replace operators by action (plug-ins). */
  operators: z
    .array(
      z.custom<Operator>(
        (o) => typeof (o as Operator)?.apply === "function" && typeof (o as Operator).name === "string" && OPERATOR_ACTIONS.includes((o as Operator).action),
        `an operator needs apply(), a name and an action (${OPERATOR_ACTIONS.join(", ")})`,
      ),
    )
    .default([]),
  /** Tier-3 judge (async path only). */
  judge: z
    .custom<Judge>((j) => typeof (j as Judge)?.score === "function" && typeof (j as Judge).threshold === "number" && (j as Judge).threshold >= 0 && (j as Judge).threshold <= 1, "a judge needs score() and a threshold in [0, 1]")
    .optional(),
  /** Verified rewriter for contextual values (async path only); without one, rewrite falls back to redaction. */
  rewriter: z.custom<Rewriter>((r) => typeof (r as Rewriter)?.rewrite === "function").optional(),
  /** Longest wait for one judge or rewriter call (ms): a plug-in that never answers redacts (`judge-error`, `rewrite-timeout`) instead of hanging the run. */
  pluginTimeoutMs: z.number().int().positive().default(60_000),
  /**
   * The day ages written in text are counted at (`age 86`, `36 years old` give a registered date of
   * birth away): ISO `YYYY-MM-DD`; absent, the day the guard is created (UTC). Fix it where runs
   * must be repeatable across days (the evaluation and replay pass theirs).
   */
  ageReference: z.iso.date().optional(),
});
export type ReconsOptionsInput = z.input<typeof reconsOptionsSchema>;
export type ReconsOptions = z.output<typeof reconsOptionsSchema>;

/** Parse options; a bad value throws an error that names its path (`policy.fields.ssn.valueType`). */
export function parseOptions(input: unknown): ReconsOptions {
  return parseConfig(reconsOptionsSchema, input, "RECONS options");
}

/** Parse `what` (an options object) with `schema`; a bad or unknown key throws a ReconsConfigError naming its path. */
export function parseConfig<S extends z.ZodType>(schema: S, input: unknown, what: string): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => `  ${issue.path.join(".") || "(root)"}: ${issue.message}`);
  throw new ReconsConfigError(`Invalid ${what}:\n${lines.join("\n")}`, result.error.issues);
}

export class ReconsConfigError extends Error {
  constructor(
    message: string,
    readonly issues: readonly z.core.$ZodIssue[],
  ) {
    super(message);
    this.name = "ReconsConfigError";
  }
}
