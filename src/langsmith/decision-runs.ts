import { randomUUID } from "node:crypto";
import { convertToDottedOrderFormat } from "langsmith/run_trees";
import type { RunUpdate } from "langsmith/schemas";
import { CHANNEL_NAMES } from "../event.js";
import type { DecisionListener, GraphDecision } from "../langgraph/audit.js";

/** Counts of the decisions taken inside one run (what a node run carries as `metadata.recons`). */
export interface DecisionCounts {
  decisions: number;
  /** Decisions that changed the content (every action but `allow`). */
  effective: number;
  fallbacks: number;
  by_action: Record<string, number>;
  by_channel: Record<string, number>;
  by_recipient: Record<string, number>;
}

/** The fields of a run payload a decision run hangs off. */
export interface ParentRun {
  id?: string;
  name?: string;
  parent_run_id?: string;
  trace_id?: string;
  dotted_order?: string;
  session_name?: string;
  extra?: Record<string, unknown>;
  tags?: string[];
  end_time?: number | string;
}

/** A run payload for `Client.createRun`: one RECONS decision with an effect. */
export type DecisionRun = Required<Pick<RunUpdate, "id" | "name" | "run_type" | "trace_id" | "dotted_order" | "parent_run_id" | "inputs" | "outputs" | "extra" | "tags">> &
  Pick<RunUpdate, "session_name"> & { start_time: number; end_time: number };

export const RECONS_TAG = "recons";

function countBy(decisions: readonly GraphDecision[], key: (decision: GraphDecision) => string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const decision of decisions) counts[key(decision)] = (counts[key(decision)] ?? 0) + 1;
  return counts;
}

export function decisionCounts(decisions: readonly GraphDecision[]): DecisionCounts {
  return {
    decisions: decisions.length,
    effective: decisions.filter(hasEffect).length,
    fallbacks: decisions.filter((decision) => decision.fallback !== undefined).length,
    by_action: countBy(decisions, (decision) => decision.action),
    by_channel: countBy(decisions, (decision) => decision.channel),
    by_recipient: countBy(decisions, (decision) => decision.recipient ?? "unresolved"),
  };
}

export function hasEffect(decision: GraphDecision): boolean {
  return decision.action !== "allow" || decision.fallback !== undefined;
}

/** Tags of a node run: `recons` plus one per action and channel taken in it. */
export function decisionTags(decisions: readonly GraphDecision[]): string[] {
  const tags = new Set([RECONS_TAG]);
  for (const decision of decisions) {
    tags.add(`recons:${decision.action}`);
    tags.add(`recons:${decision.channel}`);
    if (decision.fallback !== undefined) tags.add("recons:fallback");
  }
  return [...tags];
}

/** Everything a decision says about a value, never the value itself. */
export function decisionMetadata(decision: GraphDecision): Record<string, unknown> {
  return {
    recons_field: decision.field,
    recons_kind: decision.kind,
    recons_value_type: decision.valueType,
    recons_tier: decision.tier,
    recons_confidence: decision.confidence,
    recons_source: decision.source,
    recons_channel: decision.channel,
    recons_channel_name: CHANNEL_NAMES[decision.channel],
    recons_recipient: decision.recipient,
    recons_position: decision.position,
    recons_action: decision.action,
    recons_fallback: decision.fallback ?? null,
    recons_resolution: decision.resolution,
    recons_path: decision.path,
    recons_node: decision.node,
    recons_stage: decision.stage,
    recons_reason: decision.reason,
  };
}

/** A LangGraph node run (not a run nested inside the node, which inherits the same metadata). */
function nodeOf(run: ParentRun): string | undefined {
  const node = (run.extra?.metadata as Record<string, unknown> | undefined)?.langgraph_node;
  return typeof node === "string" && node === run.name ? node : undefined;
}

function lastSegment(node: string): string {
  return node.slice(node.lastIndexOf("/") + 1);
}

/**
 * Decisions waiting for the run they were taken in. Node runs take the decisions of their node
 * when they end; the trace's root run takes the rest (output to the caller, reducers). Runs of the
 * same node that overlap (parallel `Send`s, concurrent traces on one client) share one pool.
 */
export class DecisionLedger {
  private pending: GraphDecision[] = [];
  /** Root runs started and not yet ended, and the last one that ended. */
  private openRoots = 0;
  private lastRoot: ParentRun | undefined;

  /** Where an output decision taken after its trace's root ended goes (`invoke` delivers to the caller after the run). */
  constructor(private readonly late?: (root: ParentRun, decision: GraphDecision) => void) {}

  readonly record: DecisionListener = (decision) => {
    if (decision.stage === "output" && this.openRoots === 0 && this.lastRoot && this.late) this.late(this.lastRoot, decision);
    else this.pending.push(decision);
  };

  /** A run starts or ends: root runs open and close the window in which output decisions are theirs. */
  observe(run: ParentRun): void {
    if (run.parent_run_id !== undefined && run.parent_run_id !== null) return;
    if (run.end_time === undefined) this.openRoots++;
    else {
      this.openRoots = Math.max(0, this.openRoots - 1);
      // Its address only: the run's own payload holds raw values until it is sanitized.
      this.lastRoot = { id: run.id, trace_id: run.trace_id, dotted_order: run.dotted_order, session_name: run.session_name };
    }
  }

  /** The decisions a finished run carries; none for runs that are neither a node nor a root. */
  take(run: ParentRun): GraphDecision[] {
    const node = nodeOf(run);
    const belongs =
      node !== undefined
        ? (decision: GraphDecision) => decision.stage !== "output" && lastSegment(decision.node) === node
        : run.parent_run_id === undefined || run.parent_run_id === null
          ? () => true
          : () => false;
    const taken = this.pending.filter(belongs);
    if (taken.length > 0) this.pending = this.pending.filter((decision) => !belongs(decision));
    return taken;
  }
}

/** The run with RECONS counts in its metadata and RECONS tags. */
export function annotateRun<T extends ParentRun>(run: T, decisions: readonly GraphDecision[]): T {
  const extra = run.extra ?? {};
  const metadata = { ...(extra.metadata as Record<string, unknown> | undefined), recons: decisionCounts(decisions) };
  return { ...run, extra: { ...extra, metadata }, tags: [...new Set([...(run.tags ?? []), ...decisionTags(decisions)])] };
}

/** One child run per decision with an effect, ordered after the parent in its trace. */
export function decisionRuns(parent: ParentRun, decisions: readonly GraphDecision[]): DecisionRun[] {
  if (!parent.id || !parent.trace_id || !parent.dotted_order) return [];
  const now = Date.now();
  return decisions.filter(hasEffect).map((decision, index) => {
    const id = randomUUID();
    const { dottedOrder } = convertToDottedOrderFormat(now, id, index + 1);
    return {
      id,
      name: `recons:${decision.action}`,
      run_type: "tool",
      trace_id: parent.trace_id!,
      parent_run_id: parent.id!,
      dotted_order: `${parent.dotted_order}.${dottedOrder}`,
      session_name: parent.session_name,
      start_time: now,
      end_time: now,
      inputs: { field: decision.field, kind: decision.kind, channel: decision.channel, recipient: decision.recipient, path: decision.path },
      outputs: { action: decision.action, fallback: decision.fallback ?? null },
      extra: { metadata: decisionMetadata(decision) },
      tags: decisionTags([decision]),
    };
  });
}
