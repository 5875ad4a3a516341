import { brotliDecompressSync, gunzipSync, inflateSync } from "node:zlib";
import { z } from "zod";
import { Client } from "langsmith";
import { RunTree } from "langsmith/run_trees";
import { LangChainTracer } from "@langchain/core/tracers/tracer_langchain";
import { awaitAllCallbacks } from "@langchain/core/callbacks/promises";
import { CallbackManager, type Callbacks } from "@langchain/core/callbacks/manager";
import { getEnvironmentVariable } from "@langchain/core/utils/env";
import { CHANNELS, type Channel, type Decision } from "../event.js";
import type { ReconsGuard } from "../guard.js";
import type { DecisionListener } from "../langgraph/audit.js";
import { redactAll } from "../langgraph/delivery.js";
import { annotateRun, DecisionLedger, decisionRuns, type ParentRun } from "./decision-runs.js";
import { parseConfig } from "../policy/options.js";
import { showSummaryOnly } from "../summary-only.js";
import { selfProtectingHandlers } from "../langgraph/callbacks.js";

export const reconsTracingOptionsSchema = z.strictObject({
  /** A langsmith (0.12, top-level copy) Client to protect in place; default: a new one from LANGSMITH_ENDPOINT / LANGSMITH_API_KEY. */
  client: z.custom<Client>((client) => client instanceof Client, "expected a Client of the top-level langsmith package").optional(),
  /** Project the tracer writes to (default: LANGSMITH_PROJECT, else LangSmith's `default`). */
  projectName: z.string().min(1).optional(),
  /** LangSmith's recipient name in the policy; it is authorized for nothing unless the policy names it. */
  recipient: z.string().min(1).default("langsmith"),
  /** Channel of trace payloads (C6: logs). */
  channel: z.enum(CHANNELS).default("C6"),
  /** Also protect LangChain's default tracer client and `traceable`'s shared client (used when LANGSMITH_TRACING=true and no tracer is passed). */
  protectDefaultClients: z.boolean().default(true),
  /** Attach RECONS counts and tags to node runs and post one child run per decision with an effect. */
  decisionRuns: z.boolean().default(true),
});
export type ReconsTracingOptions = z.input<typeof reconsTracingOptionsSchema>;

/** A request the byte-level backstop refused to send: it still held a value LangSmith may not see. */
export interface BlockedRequest {
  /** The endpoint, without its query string. */
  url: string;
  /** Vault fields found in the body (or `undecodable` for a body it could not read). */
  fields: string[];
}

/** What `reconsTracing` returns: pass `callbacks` to LangChain/LangGraph, `client` to `traceable`, `onDecision` to `withRecons`. */
export interface ReconsTracing {
  client: Client;
  tracer: LangChainTracer;
  callbacks: [LangChainTracer];
  /** Give to `withRecons(graph, guard, { onDecision })` so decisions show up on node runs. */
  onDecision: DecisionListener;
  /** Requests the backstop refused (each is a bug in the layers above it). */
  readonly blocked: readonly BlockedRequest[];
  /** Wait until every callback ran and every trace batch was sent. */
  flush(): Promise<void>;
}

/** The state of one protected Client. */
export interface ClientProtection {
  guard: ReconsGuard;
  recipient: string;
  channel: Channel;
  decisionRuns: boolean;
  ledger: DecisionLedger;
  blocked: BlockedRequest[];
  /** Decision runs sent after their trace's root (output to the caller of `invoke`): `flush` waits for them. */
  late: Set<Promise<void>>;
}

/** The private Client fields the protection reads and sets. */
interface ClientInternals {
  fetchImplementation?: typeof fetch;
  _runCompressionDisabled: boolean;
}

type RunPayload = ParentRun & Record<string, unknown>;
type CreateRunParams = Parameters<Client["createRun"]>[0];
type UpdateRunParams = Parameters<Client["updateRun"]>[1];
type RequestBody = NonNullable<ConstructorParameters<typeof Response>[0]>;

const PROTECTIONS = new WeakMap<Client, ClientProtection>();
/** Run keys that are identifiers, times and addressing: never content. */
const STRUCTURAL_KEYS = new Set([
  "id",
  "trace_id",
  "parent_run_id",
  "dotted_order",
  "start_time",
  "end_time",
  "session_id",
  "session_name",
  "project_name",
  "reference_example_id",
  "run_type",
  "status",
  "address",
  "replicas",
]);
const BLOCKED_STATUS = 451;
const FETCH_OVERRIDE = Symbol.for("ls:fetch_implementation");

/**
 * Make LangSmith tracing safe: every run payload (inputs, outputs, metadata, extra, errors,
 * events, serialized, name, tags, at any depth) is sanitized for `recipient` on `channel` before
 * the client queues it, and every request body is scanned once more right before it leaves: a body
 * still holding an unauthorized vault value is not sent (fail closed).
 */
export function reconsTracing(guard: ReconsGuard, input: ReconsTracingOptions = {}): ReconsTracing {
  const options = parseConfig(reconsTracingOptionsSchema, input, "reconsTracing options");
  const client = options.client ?? new Client();
  const protection = protectClient(client, guard, options);
  // Every run names its project: one holding a protected value would have each batch blocked whole.
  const inProjectName = unauthorizedFields(protection, options.projectName ?? "");
  if (inProjectName.length > 0) throw new Error(`projectName holds a protected value (${inProjectName.join(", ")}): LangSmith would receive it with every run`);
  if (options.protectDefaultClients) {
    protectClient(new LangChainTracer().client as Client, guard, options);
    protectClient(RunTree.getSharedClient(), guard, options);
  }
  const tracer = new LangChainTracer({ client, projectName: options.projectName });
  // Its open runs hold their raw inputs until sent (sanitized): a node logging its config reaches them.
  showSummaryOnly(tracer, "LangChainTracer", () => ({ projectName: tracer.projectName }));
  // Its client sanitizes every run it sends: `withRecons` hands it raw events.
  selfProtectingHandlers.add(tracer);
  return {
    client,
    tracer,
    callbacks: [tracer],
    onDecision: protection.ledger.record,
    blocked: protection.blocked,
    async flush() {
      await awaitAllCallbacks();
      await Promise.all([...protection.late]);
      await client.awaitPendingTraceBatches();
    },
  };
}

/** `reconsTracing`'s defaults: how the environment's tracer is protected. */
const ENVIRONMENT_TRACING = reconsTracingOptionsSchema.parse({});

/** The variables that turn LangChain's tracing on (its `isTracingEnabled`, which it does not export). */
const TRACING_VARIABLES = ["LANGSMITH_TRACING_V2", "LANGCHAIN_TRACING_V2", "LANGSMITH_TRACING", "LANGCHAIN_TRACING"];

/**
 * With LANGSMITH_TRACING=true (or an alias) LangChain adds a tracer to every run that has none, on
 * its default client, and would send it raw node inputs and outputs: this is that tracer, its client
 * (and `traceable`'s) protected for `guard` as `reconsTracing` protects them. Undefined when
 * tracing is off or `callbacks` holds a tracer already.
 */
export function environmentTracer(guard: ReconsGuard, callbacks: Callbacks | undefined): LangChainTracer | undefined {
  if (!TRACING_VARIABLES.some((variable) => getEnvironmentVariable(variable) === "true")) return undefined;
  const handlers = callbacks instanceof CallbackManager ? callbacks.handlers : (callbacks ?? []);
  if (handlers.some((handler) => (handler as { name?: string }).name === "langchain_tracer")) return undefined;
  const tracer = new LangChainTracer();
  protectClient(tracer.client as Client, guard, ENVIRONMENT_TRACING);
  protectClient(RunTree.getSharedClient(), guard, ENVIRONMENT_TRACING);
  selfProtectingHandlers.add(tracer);
  return tracer;
}

/** Protect a Client in place (idempotent; a second call switches it to the new guard). */
export function protectClient(
  client: Client,
  guard: ReconsGuard,
  options: Pick<z.output<typeof reconsTracingOptionsSchema>, "recipient" | "channel" | "decisionRuns">,
): ClientProtection {
  const existing = PROTECTIONS.get(client);
  if (existing) return Object.assign(existing, { guard, recipient: options.recipient, channel: options.channel, decisionRuns: options.decisionRuns });
  const late = new Set<Promise<void>>();
  // An output decision taken after its trace's root was sent becomes a child run of that root.
  const ledger = new DecisionLedger((root, decision) => {
    if (!protection.decisionRuns) return;
    const sent = createChildren(decisionRuns(root, [decision]) as RunPayload[], undefined).catch(() => undefined);
    late.add(sent);
    void sent.finally(() => late.delete(sent));
  });
  const protection: ClientProtection = { guard, ...options, ledger, blocked: [], late };
  PROTECTIONS.set(client, protection);
  const internals = client as unknown as ClientInternals;
  // The backstop must read every body: compressed run buffers (zstd) cannot be decoded on Node 20.
  internals._runCompressionDisabled = true;
  internals.fetchImplementation = backstopFetch(protection, internals.fetchImplementation);
  const createRun = client.createRun.bind(client);
  const updateRun = client.updateRun.bind(client);
  const createChildren = async (children: RunPayload[], options: Parameters<Client["createRun"]>[1]) => {
    for (const child of children) await createRun(sanitizeRun(protection, child) as unknown as CreateRunParams, options);
  };
  // Counts are added after sanitizing: they are RECONS's own numbers, not content to protect (a count equal to a vault number would be noised).
  client.createRun = async (run, options) => {
    protection.ledger.observe(run as unknown as RunPayload);
    const [annotated, children] = withDecisions(protection, sanitizeRun(protection, run as unknown as RunPayload));
    await createRun(annotated as unknown as CreateRunParams, options);
    await createChildren(children, options);
  };
  client.updateRun = async (runId, run, options) => {
    protection.ledger.observe({ ...run, id: runId } as RunPayload);
    const [annotated, children] = withDecisions(protection, sanitizeRun(protection, { ...run, id: runId } as RunPayload));
    await updateRun(runId, annotated as UpdateRunParams, options);
    await createChildren(children, options);
  };
  return protection;
}

/** A finished run takes the decisions taken inside it: counts on the run, one child run per effect. */
function withDecisions(protection: ClientProtection, run: RunPayload): [RunPayload, RunPayload[]] {
  if (!protection.decisionRuns || run.end_time === undefined) return [run, []];
  const decisions = protection.ledger.take(run);
  if (decisions.length === 0) return [run, []];
  return [annotateRun(run, decisions), decisionRuns(run, decisions) as RunPayload[]];
}

/** A sanitized copy of a run payload; what cannot be sanitized is redacted, attachments are dropped. */
export function sanitizeRun<T extends object>(protection: Pick<ClientProtection, "guard" | "recipient" | "channel">, run: T): T {
  const decisions: Decision[] = [];
  const copy: Record<string, unknown> = { ...(run as Record<string, unknown>) };
  for (const [key, value] of Object.entries(run)) {
    if (value === undefined || value === null || STRUCTURAL_KEYS.has(key)) continue;
    // Attachment bytes are not JSON text the guard can walk: they never leave.
    if (key === "attachments") delete copy[key];
    else copy[key] = sanitizeValue(protection, value, decisions);
  }
  const effective = decisions.filter((decision) => decision.action !== "allow");
  const extra = copy.extra as Record<string, unknown> | undefined;
  if (effective.length > 0 && extra) {
    const removed: Record<string, number> = {};
    for (const decision of effective) removed[decision.action] = (removed[decision.action] ?? 0) + 1;
    copy.extra = { ...extra, metadata: { ...(extra.metadata as Record<string, unknown> | undefined), recons_trace: removed } };
  }
  return copy as T;
}

function sanitizeValue(protection: Pick<ClientProtection, "guard" | "recipient" | "channel">, value: unknown, decisions: Decision[]): unknown {
  try {
    const result = protection.guard.sanitizeSync({
      channel: protection.channel,
      recipient: protection.recipient,
      resolution: "trace",
      content: asJson(value),
    });
    decisions.push(...result.decisions);
    return result.content;
  } catch {
    return redactAll(value);
  }
}

/** Bytes as the text they hold: JSON would turn them into lists of numbers, where no value can be found. */
function bytesAsText(_key: string, value: unknown): unknown {
  if (value instanceof Uint8Array) return Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString("utf8");
  if (value instanceof ArrayBuffer) return Buffer.from(value).toString("utf8");
  const buffer = value as { type?: unknown; data?: unknown } | null;
  // A Buffer's own toJSON form, which JSON.stringify asks for before the replacer sees it.
  if (buffer !== null && typeof buffer === "object" && buffer.type === "Buffer" && Array.isArray(buffer.data)) return Buffer.from(buffer.data as number[]).toString("utf8");
  return value;
}

/** The JSON the client will serialize (messages become their `toJSON` form, bytes their text); cyclic values stay as they are. */
function asJson(value: unknown): unknown {
  try {
    const text = JSON.stringify(value, bytesAsText);
    return text === undefined ? value : JSON.parse(text);
  } catch {
    return value;
  }
}

function backstopFetch(protection: ClientProtection, inner: typeof fetch | undefined): typeof fetch {
  return async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    let body = init?.body ?? undefined;
    // A stream can be read once: read it here and send the bytes.
    if (body instanceof ReadableStream) body = new Uint8Array(await new Response(body).arrayBuffer());
    const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
    const scanned = body ?? (input instanceof Request && input.body ? await input.clone().arrayBuffer() : undefined);
    const inBody = scanned === undefined ? [] : unauthorizedFields(protection, await bodyText(scanned, headers.get("content-encoding")));
    // Query strings carry content too (`GET /datasets?name=...`).
    const fields = [...new Set([...inBody, ...unauthorizedFields(protection, urlText(url))])].sort();
    if (fields.length > 0) {
      // The query string may hold the very values refused: the record names the endpoint only.
      protection.blocked.push({ url: url.replace(/[?#].*$/s, ""), fields });
      return new Response(JSON.stringify({ detail: `blocked by RECONS: body held ${fields.join(", ")}` }), { status: BLOCKED_STATUS });
    }
    const send = inner ?? (globalThis as unknown as Record<symbol, typeof fetch | undefined>)[FETCH_OVERRIDE] ?? fetch;
    return send(input, init === undefined ? undefined : { ...init, body });
  };
}

/** A URL's path and query as read; its origin is the endpoint's configuration (a port of 46399 is no salary of 46,399). */
function urlText(url: string): string {
  const content = url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, "");
  try {
    return decodeURIComponent(content.replace(/\+/g, " "));
  } catch {
    return content;
  }
}

async function bodyText(body: RequestBody, encoding: string | null): Promise<string | undefined> {
  const bytes = Buffer.from(await new Response(body).arrayBuffer());
  switch ((encoding ?? "identity").toLowerCase()) {
    case "identity":
      return bytes.toString("utf8");
    case "gzip":
      return gunzipSync(bytes).toString("utf8");
    case "deflate":
      return inflateSync(bytes).toString("utf8");
    case "br":
      return brotliDecompressSync(bytes).toString("utf8");
    default:
      return undefined;
  }
}

const JSON_STRING = /"(?:[^"\\]|\\.)*"/g;

/**
 * RECONS's own counts in a body (`recons` and `recons_trace` metadata, a decision run's tier and
 * confidence): numbers that may equal a small vault number (a score of 16) without being one. Only
 * flat objects of names and integers match, so no content can hide in what is left out of the scan.
 */
const OWN_COUNTS = /"recons_trace":\{(?:"[a-z_-]+":\d+,?)*\}|"recons":\{"decisions":\d+,"effective":\d+,"fallbacks":\d+(?:,"by_[a-z]+":\{(?:"[^"\\]{1,120}":\d+,?)*\})*\}|"recons_(?:tier|confidence)":[\d.]+/g;

/**
 * The client's own run ids and times: a random id's digit group can equal a short vault number
 * (`-9925-`) and a run's time can fall on a vault date, without either being content.
 */
const CLIENT_STAMPS =
  /(?<![0-9a-f])[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?![0-9a-f])|"(?:start_time|end_time|time)":"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z"|(?<![\dT])\d{8}T\d{6,}Z(?=[0-9a-f]{8}-)/gi;

/** Whether [start, end) lies inside one of the client's stamps in `stamps` without being the whole stamp (a case's UUID is a value). */
function insideStamp(stamps: ReadonlyArray<readonly [number, number]>, start: number, end: number): boolean {
  return stamps.some(([from, to]) => from <= start && end <= to && (start !== from || end !== to));
}

/** Vault fields LangSmith may not see that are in `text`, also inside JSON string escapes. */
function unauthorizedFields(protection: ClientProtection, text: string | undefined): string[] {
  if (text === undefined) return ["undecodable"];
  const texts = [text.replace(OWN_COUNTS, "")];
  for (const literal of text.match(JSON_STRING) ?? []) {
    if (!literal.includes("\\")) continue;
    try {
      texts.push(JSON.parse(literal) as string);
    } catch {
      texts.push(literal);
    }
  }
  const fields = new Set<string>();
  for (const part of texts) {
    const stamps = Array.from(part.matchAll(CLIENT_STAMPS), (stamp) => [stamp.index, stamp.index + stamp[0].length] as const);
    for (const detection of protection.guard.detect(part)) {
      if (insideStamp(stamps, detection.start, detection.end)) continue;
      if (detection.field !== null && !protection.guard.isAuthorized(detection.field, protection.channel, protection.recipient)) fields.add(detection.field);
    }
  }
  return [...fields].sort();
}
