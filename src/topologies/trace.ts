import type { Channel, Decision, ObservableEvent } from "../event.js";
import type { ArchetypeId } from "../agents/archetypes.js";

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

/**
 * Collects the deliveries of one run. Guard calls made through the run-scoped guard are filed
 * under their channel and recipient (or writer), so each recorded delivery carries the decisions
 * that produced it.
 */
export class TraceRecorder {
  private readonly recorded: Array<{ event: TraceEvent; order: number; actor: string }> = [];
  private readonly seenByAgent = new Map<string, Set<string>>();
  private readonly pending = new Map<string, SanitizedCall[]>();
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

  record(event: TraceEventInput, decisions: Decision[] = [], actor = event.recipient): void {
    const position = this.positions[event.recipient] ?? null;
    this.recorded.push({ event: { ...event, position, decisions }, order: this.sequence++, actor });
  }

  /** Called by the run-scoped guard for every sanitize call. */
  sanitized(event: ObservableEvent, content: unknown, decisions: Decision[]): void {
    const key = pendingKey(event.channel, event.recipient, event.sender);
    const list = this.pending.get(key) ?? [];
    list.push({ content, decisions });
    this.pending.set(key, list);
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
