import type { Channel, Decision, ObservableEvent } from "../event.js";
import type { ArchetypeId } from "../agents/archetypes.js";
import { canonicalJson } from "./tool-layer.js";

/**
 * One delivery, recorded at the receiving end: `content` is exactly what the recipient got
 * (after RECONS when the run is guarded). Recipients are agent names, `tool:<name>`, `log`,
 * `artifact` and `user`; `position` is set for agents only.
 */
export interface TraceEvent {
  /** Temporal index: the script step in which the recipient received it. */
  t: number;
  channel: Channel;
  sender: string;
  recipient: string;
  position: "original" | "introduced" | null;
  content: string;
  /**
   * What the recipient would have received at this same delivery without the sanitizer (the
   * sanitizer's input with every surrogate of earlier hops revealed); absent when equal to `content`.
   */
  raw?: string;
  /** RECONS decisions taken on this delivery (empty when unguarded). */
  decisions: Decision[];
  archetype?: ArchetypeId;
  turn?: number;
}

export type TraceEventInput = Omit<TraceEvent, "position" | "decisions">;

/** A guard call seen during the run, kept until the delivery it produced is recorded. */
export interface SanitizedCall {
  content: unknown;
  decisions: Decision[];
}

/** Text the guard sees for a string or a finite number (numbers are sanitized as their decimal text). */
function textOf(value: unknown): string | undefined {
  if (typeof value === "string") return value;
  return typeof value === "number" && Number.isFinite(value) ? String(value) : undefined;
}

/**
 * Walk the revealed input and the delivered value side by side (same paths), pushing each
 * delivered string whose revealed counterpart differs. Branches the guard left alone are the
 * same object on both sides and are skipped whole.
 */
function collectPairs(revealed: unknown, delivered: unknown, pairs: Array<[string, string]>): void {
  if (revealed === delivered) return;
  const text = textOf(delivered);
  if (text !== undefined) {
    const raw = textOf(revealed);
    if (raw !== undefined && raw !== text) pairs.push([text, raw]);
    return;
  }
  if (delivered === null || typeof delivered !== "object" || revealed === null || typeof revealed !== "object") return;
  if (Array.isArray(delivered)) {
    if (!Array.isArray(revealed)) return;
    for (let index = 0; index < delivered.length; index++) collectPairs(revealed[index], delivered[index], pairs);
    return;
  }
  if (Array.isArray(revealed)) return;
  const source = revealed as Record<string, unknown>;
  for (const [key, item] of Object.entries(delivered)) {
    if (Object.prototype.hasOwnProperty.call(source, key)) collectPairs(source[key], item, pairs);
  }
}

/**
 * Delivered string -> revealed input string at the same path, where they differ; for tool
 * arguments (C3, recorded as canonical JSON) also the whole value.
 */
function rawPairs(channel: Channel, revealed: unknown, delivered: unknown): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  collectPairs(revealed, delivered, pairs);
  if (channel === "C3" && pairs.length > 0 && typeof delivered === "object" && delivered !== null) pairs.push([canonicalJson(delivered), canonicalJson(revealed)]);
  return pairs;
}

/**
 * Collects the deliveries of one run. Guard calls made through the run-scoped guard are filed
 * under their channel and recipient (or writer), so each recorded delivery carries the decisions
 * that produced it.
 */
export class TraceRecorder {
  private readonly recorded: Array<{ event: TraceEvent; order: number; actor: string }> = [];
  private readonly seenByAgent = new Map<string, Set<string>>();
  private readonly pending = new Map<string, SanitizedCall[]>();
  /** Per channel and recipient (`*`: any), delivered string -> what it was before the sanitizer. */
  private readonly raws = new Map<string, Map<string, string>>();
  private readonly steps = new Map<string, number>();
  private sequence = 0;

  constructor(private readonly positions: Readonly<Record<string, "original" | "introduced">>) {}

  /** The script step an agent is acting in (tool calls inherit it). */
  enterStep(agent: string, step: number): void {
    this.steps.set(agent, step);
  }

  stepOf(agent: string): number {
    return this.steps.get(agent) ?? 0;
  }

  /** First time `agent` receives the item `id` in this run? Later readings are not new deliveries. */
  firstReading(agent: string, id: string): boolean {
    let seen = this.seenByAgent.get(agent);
    if (!seen) this.seenByAgent.set(agent, (seen = new Set()));
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  }

  /** Record a delivery; `raw` is looked up among the guard calls of the run when the caller does not give it. */
  record(event: TraceEventInput, decisions: Decision[] = [], actor = event.recipient): void {
    const position = this.positions[event.recipient] ?? null;
    const raw = event.raw ?? this.rawOf(event.channel, event.recipient, event.content);
    const recorded: TraceEvent = { ...event, position, decisions };
    if (raw === undefined || raw === event.content) delete recorded.raw;
    else recorded.raw = raw;
    this.recorded.push({ event: recorded, order: this.sequence++, actor });
  }

  /**
   * Called by the run-scoped guard for every sanitize call, with its input already revealed
   * (`guard.revealAll`): the delivered strings are paired with what they were before it.
   */
  sanitized(event: ObservableEvent, revealedInput: unknown, content: unknown, decisions: Decision[]): void {
    const key = pendingKey(event.channel, event.recipient, event.sender);
    const list = this.pending.get(key) ?? [];
    list.push({ content, decisions });
    this.pending.set(key, list);
    const pairs = rawPairs(event.channel, revealedInput, content);
    if (pairs.length === 0) return;
    for (const scope of [`${event.channel}|${event.recipient ?? ""}`, `${event.channel}|*`]) {
      const raws = this.raws.get(scope) ?? new Map<string, string>();
      for (const [delivered, raw] of pairs) raws.set(delivered, raw);
      this.raws.set(scope, raws);
    }
  }

  /** The pre-sanitizer form of a delivered string: from a call for this recipient, else any call on the channel. */
  private rawOf(channel: Channel, recipient: string, content: string): string | undefined {
    return this.raws.get(`${channel}|${recipient}`)?.get(content) ?? this.raws.get(`${channel}|*`)?.get(content);
  }

  /**
   * Take the first pending guard call for this channel and recipient (or writer) whose sanitized
   * content matches; undefined when there is none (an unguarded run).
   */
  take(channel: Channel, who: { recipient?: string; sender?: string }, matches: (content: unknown) => boolean): SanitizedCall | undefined {
    const list = this.pending.get(pendingKey(channel, who.recipient, who.sender));
    const index = list?.findIndex((call) => matches(call.content)) ?? -1;
    return list && index >= 0 ? list.splice(index, 1)[0] : undefined;
  }

  /** Forget the guard calls filed for a channel and recipient (writes to it that no delivery records). */
  settle(channel: Channel, who: { recipient?: string; sender?: string }): void {
    this.pending.delete(pendingKey(channel, who.recipient, who.sender));
  }

  /** Events by step, then by the agent that recorded them, then in recording order: stable under concurrency. */
  events(): TraceEvent[] {
    return [...this.recorded]
      .sort((a, b) => a.event.t - b.event.t || compareText(a.actor, b.actor) || a.order - b.order)
      .map((entry) => entry.event);
  }
}

/** The decisions about strings under one JSON path of the sanitized content (`$.messages[3]`). */
export function decisionsUnder(decisions: readonly Decision[], path: string): Decision[] {
  return decisions.filter((decision) => decision.path === path || decision.path.startsWith(`${path}.`) || decision.path.startsWith(`${path}[`));
}

function pendingKey(channel: Channel, recipient: string | undefined, sender: string | undefined): string {
  return recipient ? `${channel}|to:${recipient}` : `${channel}|from:${sender ?? ""}`;
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
