import type { RunnableConfig } from "@langchain/core/runnables";
import type { Channel, Position, Resolution } from "../event.js";
import type { ReconsGuard } from "../guard.js";
import type { Policy } from "../policy/options.js";
import { mapStrings } from "../content.js";
import { toPlain } from "./messages.js";

/** Joins the node names of a subgraph path into one recipient name: `team/worker`. */
export const NAMESPACE_SEPARATOR = "/";

const GRAPH_BOUNDARIES = new Set(["__start__", "__end__"]);

/** Who receives one event, and how the interceptor found out. */
export interface Delivery {
  /** Absent: nobody in particular, the guard applies the field-level policy. */
  recipient?: string;
  position?: Position;
  resolution: Resolution;
}

/**
 * The node path of a running task, read from its checkpoint namespace
 * (`team:<task id>|worker:<task id>` -> `["team", "worker"]`).
 */
export function nodePathOf(config: RunnableConfig | undefined, node: string): string[] {
  const namespace: unknown = config?.configurable?.checkpoint_ns;
  if (typeof namespace !== "string" || namespace.length === 0) return [node];
  // A top-level task (`node:<task id>`), the usual case, is its own path.
  if (namespace.indexOf(":") === node.length && namespace.startsWith(node) && !namespace.includes("|")) return [node];
  const path = namespace
    .split("|")
    .map((segment) => segment.split(":")[0])
    .filter((name) => name.length > 0);
  return path[path.length - 1] === node ? path : [...path, node];
}

/**
 * Recipient names of graph nodes. A top-level node is its own name. A node inside a subgraph is
 * `parent/child`; when the policy never names that path, it is its nearest ancestor the policy
 * names (a subgraph is part of the agent its parent node stands for), else the full path.
 */
export class RecipientNames {
  private readonly named: ReadonlySet<string>;

  constructor(policy: Policy) {
    const names = new Set<string>(Object.keys(policy.positions));
    for (const field of Object.values(policy.fields)) {
      for (const name of field.authorized) names.add(name);
      for (const override of Object.values(field.channels ?? {})) for (const name of override?.authorized ?? []) names.add(name);
    }
    this.named = names;
  }

  nameOf(path: readonly string[]): string {
    for (let length = path.length; length > 1; length--) {
      const candidate = path.slice(0, length).join(NAMESPACE_SEPARATOR);
      if (this.named.has(candidate)) return candidate;
    }
    return path.length === 1 || !this.named.has(path[0]) ? path.join(NAMESPACE_SEPARATOR) : path[0];
  }
}

/** Nodes that can run right after `node`, from `getGraphAsync()` edges (conditional ones included). */
export function successorsOf(edges: ReadonlyArray<{ source: string; target: string }>, node: string): string[] {
  const targets = edges.filter((edge) => edge.source === node && !GRAPH_BOUNDARIES.has(edge.target)).map((edge) => edge.target);
  return [...new Set(targets)];
}

/** Vault fields the guard detects anywhere in `content`. */
export function fieldsIn(guard: ReconsGuard, content: unknown): Set<string> {
  const fields = new Set<string>();
  mapStrings(content, (text) => {
    for (const detection of guard.detect(text)) if (detection.field !== null) fields.add(detection.field);
    return text;
  });
  return fields;
}

/**
 * One delivery that stands for every reader of a write: no reader means the field-level policy;
 * otherwise the reader denied the most of `content`'s fields, or, when no single reader is denied
 * all of them, an introduced stand-in that no policy authorizes (readers then restore on read).
 * `content` may hold messages: their content fields are what is read.
 */
export function deliveryToReaders(
  guard: ReconsGuard,
  readers: readonly string[],
  content: unknown,
  channel: Channel,
  resolution: Resolution,
): Delivery {
  if (readers.length === 0) return { resolution: "field-level-fallback" };
  if (readers.length === 1) return { recipient: readers[0], resolution };
  const fields = [...fieldsIn(guard, toPlain(content))];
  const denied = readers.map((reader) => new Set(fields.filter((field) => !guard.isAuthorized(field, channel, reader))));
  const deniedAnywhere = new Set(denied.flatMap((set) => [...set]));
  const strictest = denied.findIndex((set) => set.size === deniedAnywhere.size);
  if (strictest >= 0) return { recipient: readers[strictest], resolution };
  return { recipient: readers.join("+"), position: "introduced", resolution };
}
