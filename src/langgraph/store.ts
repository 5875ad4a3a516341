import { z } from "zod";
import { AsyncBatchedStore, BaseStore, type Item, type Operation, type OperationResults, type SearchItem } from "@langchain/langgraph-checkpoint";
import { CHANNELS } from "../event.js";
import { type ReconsGuard, assertGuard } from "../guard.js";
import { ignoreDecisions, type DecisionListener } from "./audit.js";
import { deliver, deliverSync } from "./delivery.js";
import { parseConfig } from "../policy/options.js";
import { isPlainRecord } from "../content.js";
import { showSummaryOnly } from "../summary-only.js";

export const reconsStoreOptionsSchema = z.strictObject({
  /** Channel of the store: C5 shared memory by default (C7 for a document store). */
  channel: z.enum(CHANNELS).default("C5"),
  /** Who reads and writes through this view: a node (`withRecons` gives each node its own view of the graph's store) or, by default, the application. */
  reader: z.string().min(1).default("user"),
  /** Receives every decision taken on a write or a read. */
  onDecision: z.custom<DecisionListener>((listener) => typeof listener === "function").optional(),
});
export type ReconsStoreOptions = z.input<typeof reconsStoreOptionsSchema>;

function isPut(operation: Operation): operation is Extract<Operation, { value: unknown }> {
  return "value" in operation;
}

function isSearch(operation: Operation): operation is Extract<Operation, { namespacePrefix: unknown }> {
  return "namespacePrefix" in operation;
}

/**
 * LangGraph long-term memory (`compile({ store })`, `config.store`, `getStore()`) as a RECONS
 * channel (C5 by default), seen by one reader. A put is a shared write, like a `reconsReducer`
 * write: its value is protected with the field-level policy and reversible operations before the
 * inner store holds it. A get or search is a delivery to the reader: the real values it may see
 * and surrogates for the rest. Search filters and queries are protected like values, so they
 * match what was stored. Namespaces and keys are addresses: the inner store holds them as given
 * (a value used as a key is held in the clear there), readers are shown them sanitized, and a
 * surrogate a reader passes back addresses the item it was shown.
 * `withRecons` puts a view for each node in the node's `config.store`; the application reads
 * through its own view (reader `user`).
 */
export class ReconsStore extends BaseStore {
  private readonly options: z.output<typeof reconsStoreOptionsSchema>;
  private readonly listener: DecisionListener;

  constructor(
    private readonly inner: BaseStore,
    private readonly guard: ReconsGuard,
    options: ReconsStoreOptions = {},
  ) {
    super();
    assertGuard(guard, "new ReconsStore(store, guard)");
    this.options = parseConfig(reconsStoreOptionsSchema, options, "ReconsStore options");
    this.listener = this.options.onDecision ?? ignoreDecisions;
  }

  /** Whose view this is. */
  get reader(): string {
    return this.options.reader;
  }

  /** The same store seen by another reader (views do not stack: each wraps the unprotected store). */
  forReader(reader: string): ReconsStore {
    return new ReconsStore(this.inner, this.guard, { ...this.options, reader });
  }

  /** For stores that batch (the graph hands nodes an `AsyncBatchedStore`, which reaches the methods below). */
  async batch<Op extends Operation[]>(operations: Op): Promise<OperationResults<Op>> {
    const results = await this.inner.batch(operations.map((operation) => this.protectOperation(operation)) as Op);
    return (await Promise.all(results.map((result) => this.read(result)))) as OperationResults<Op>;
  }

  override async get(namespace: string[], key: string): Promise<Item | null> {
    return this.read(await this.inner.get(this.address(namespace), this.address(key)));
  }

  override async search(namespacePrefix: string[], options: Parameters<BaseStore["search"]>[1] = {}): Promise<SearchItem[]> {
    return this.read(await this.inner.search(this.address(namespacePrefix), this.protectSearch(options)));
  }

  override put(namespace: string[], key: string, value: Record<string, unknown>, index?: false | string[]): Promise<void> {
    return this.inner.put(this.address(namespace), this.address(key), this.write(value), index);
  }

  override delete(namespace: string[], key: string): Promise<void> {
    return this.inner.delete(this.address(namespace), this.address(key));
  }

  override async listNamespaces(options: Parameters<BaseStore["listNamespaces"]>[0] = {}): Promise<string[][]> {
    const { prefix, suffix } = options;
    return this.read(await this.inner.listNamespaces({ ...options, prefix: prefix && this.address(prefix), suffix: suffix && this.address(suffix) }));
  }

  override start(): void | Promise<void> {
    return this.inner.start();
  }

  override stop(): void | Promise<void> {
    return this.inner.stop();
  }

  /**
   * A namespace or key as the store holds it: a reader was shown surrogates of the values in it, and
   * one it passes back must address the same item (the real value is used inside the call only).
   */
  private address<T>(path: T): T {
    return this.guard.revealAll(path);
  }

  /** A shared write by the reader: field-level policy, reversible operations. */
  private write<T>(value: T): T {
    const { channel, reader } = this.options;
    return markNumbers(value, deliverSync(this.guard, value, { channel, node: reader, stage: "write", resolution: "memory-write", reversible: true }, this.listener));
  }

  /** What the inner store returned, delivered to the reader. */
  private async read<T>(result: T): Promise<T> {
    if (result === undefined || result === null) return result;
    const { channel, reader } = this.options;
    return unmarkNumbers(await deliver(this.guard, result, { channel, node: reader, stage: "input", recipient: reader, resolution: "memory-read", reversible: false }, this.listener));
  }

  private protectSearch<T extends { filter?: unknown; query?: unknown }>(options: T): T {
    return { ...options, filter: options.filter && this.write(options.filter), query: options.query && this.write(options.query) };
  }

  private protectOperation(operation: Operation): Operation {
    if (isPut(operation)) return { ...operation, namespace: this.address(operation.namespace), key: this.address(operation.key), value: operation.value === null ? null : this.write(operation.value) };
    if (isSearch(operation)) return { ...this.protectSearch(operation), namespacePrefix: this.address(operation.namespacePrefix) };
    return "key" in operation ? { ...operation, namespace: this.address(operation.namespace), key: this.address(operation.key) } : operation;
  }
}

/** A view shows whose view it is, not the store it wraps. */
showSummaryOnly(ReconsStore.prototype, "ReconsStore", (store) => ({ reader: store.reader }));

/**
 * One view of a store per reader, made once (a node runs many times on the same store; each tool of
 * an agent reads as itself): what `withRecons` and `reconsMiddleware` hand their nodes and tools.
 */
export class StoreViews {
  private readonly views = new WeakMap<BaseStore, Map<string, ReconsStore>>();

  constructor(
    private readonly guard: ReconsGuard,
    private readonly onDecision?: DecisionListener,
  ) {}

  /** `reader`'s view of the store it was `given`; undefined when that is no store. */
  viewFor(given: unknown, reader: string): ReconsStore | undefined {
    // A subgraph's nodes get the parent node's view batched again: the view is taken from inside.
    const batched = given instanceof AsyncBatchedStore ? (given as unknown as { store: unknown }).store : undefined;
    const store = batched instanceof ReconsStore ? batched : given;
    if (!(store instanceof BaseStore)) return undefined;
    let views = this.views.get(store);
    if (!views) this.views.set(store, (views = new Map()));
    let view = views.get(reader);
    if (!view) views.set(reader, (view = store instanceof ReconsStore ? store.forReader(reader) : new ReconsStore(store, this.guard, { reader, onDecision: this.onDecision })));
    return view;
  }
}

/** Marks a number the write turned into text (a sealed amount), so that a reader who may see it gets a number back. */
const NUMBER_MARK = "recons:number:";

/** `written` with each number of `original` that became text marked as a number. */
function markNumbers<T>(original: unknown, written: T): T {
  if (typeof original === "number" && typeof written === "string") return `${NUMBER_MARK}${written}` as T;
  if (Array.isArray(original) && Array.isArray(written)) return written.map((item, index) => markNumbers(original[index], item)) as T;
  if (isPlainRecord(original) && isPlainRecord(written)) {
    return Object.fromEntries(Object.entries(written).map(([key, item]) => [key, markNumbers(original[key], item)])) as T;
  }
  return written;
}

/** A delivered value with its marked numbers numbers again where the reader got the number, text where it did not. */
function unmarkNumbers<T>(value: T): T {
  if (typeof value === "string" && value.startsWith(NUMBER_MARK)) {
    const text = value.slice(NUMBER_MARK.length);
    return (/^-?\d+(?:\.\d+)?$/.test(text) ? Number(text) : text) as T;
  }
  if (Array.isArray(value)) return value.map(unmarkNumbers) as T;
  if (isPlainRecord(value)) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, unmarkNumbers(item)])) as T;
  return value;
}
