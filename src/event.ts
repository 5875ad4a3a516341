/** Observable channels of a multi-agent system (paper section 3.1). */
export const CHANNELS = ["C1", "C2", "C3", "C4", "C5", "C6", "C7"] as const;
export type Channel = (typeof CHANNELS)[number];

export const CHANNEL_NAMES: Record<Channel, string> = {
  C1: "final output",
  C2: "inter-agent message",
  C3: "tool arguments",
  C4: "tool result",
  C5: "shared memory",
  C6: "log",
  C7: "artifact",
};

/** pos_i = a scenario's original agent; pos_j = an agent the topology introduced. */
export const POSITIONS = ["original", "introduced", "unknown"] as const;
export type Position = (typeof POSITIONS)[number];

/** How the interceptor found the recipient of an event (shown in every decision). */
export const RESOLUTIONS = [
  "explicit",
  "node-input",
  "send",
  "command-goto",
  "parent-command",
  "addressee",
  "tool-call",
  "tool-result",
  "final-output",
  "field-level-fallback",
  "reachability",
  "memory-write",
  "memory-read",
  "checkpoint",
  "trace",
  "callback",
] as const;
export type Resolution = (typeof RESOLUTIONS)[number];

/** One observable tuple theta_t = (content, channel, recipient, position, t). */
export interface ObservableEvent {
  channel: Channel;
  /** A string, or any JSON value: every string inside it is sanitized, structure kept. */
  content: unknown;
  sender?: string;
  /** Node name, `user`, `tool:<name>`, `memory`, `log`, `artifact`; absent = unresolved. */
  recipient?: string;
  position?: Position;
  step?: number;
  /** Why this recipient (defaults to `explicit`, or `field-level-fallback` without one). */
  resolution?: Resolution;
}

export const VALUE_TYPES = ["format", "value", "contextual"] as const;
export type ValueType = (typeof VALUE_TYPES)[number];

export const ACTIONS = ["allow", "fpe", "pseudonymize", "mldp", "rewrite", "redact"] as const;
export type Action = (typeof ACTIONS)[number];

/** What a detector says about a value it found, carried on into the decision about it. */
export interface DetectedValue {
  /** Vault field the value belongs to; null for an unregistered recognizer hit. */
  field: string | null;
  kind: string;
  valueType: ValueType;
  /** 1 = vault/rule, 2 = NER, 3 = LLM judge. */
  tier: number;
  /** In [0, 1]. */
  confidence: number;
  /** Detector that produced the detection (`vault`, `ssn`, `judge`, ...). */
  source: string;
}

/** The record of one Detect -> Decide -> Transform step; never holds the raw value or a key. */
export interface Decision extends DetectedValue {
  channel: Channel;
  recipient: string | null;
  position: Position;
  resolution: Resolution;
  action: Action;
  /** Set when the chosen operation could not run and redaction took over. */
  fallback?: string;
  reason: string;
  /** JSON path of the string inside the event content (`$` for a plain string). */
  path: string;
  /** Offsets in the string; inside base64-encoded text (see `encoded`), in that decoded text. */
  span: [number, number];
  /** Where the string base64-encodes the text `span` is in (`Basic bWFy...`): offsets of the encoded run; nested runs outermost first. */
  encoded?: Array<[number, number]>;
}

export interface SanitizeResult<T = unknown> {
  content: T;
  decisions: Decision[];
}
