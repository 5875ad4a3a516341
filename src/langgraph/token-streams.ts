import { BaseCallbackHandler } from "@langchain/core/callbacks/base";
import { AIMessageChunk, isBaseMessageChunk } from "@langchain/core/messages";
import { concat } from "@langchain/core/utils/stream";

/**
 * Token streaming to the caller (stream mode `messages`, `streamEvents` model chunks): a value
 * split over tokens (`123-`, `45-`, `6789`) cannot be judged token by token, so the chunks of one
 * model call are held back and released as one chunk, to be sanitized whole, once the call ended.
 * Chunks are grouped by the model run that streamed them, never by message id: providers change
 * ids mid-stream and caching proxies reuse them. `streamEvents` v3 protocol deltas are held per
 * content block instead (`coalesceProtocolDeltas`).
 */

/** A held-back piece of a model call's output inside a stream item. */
interface Token {
  /** Run id of the model call that streamed it. */
  run: string;
  piece: unknown;
  /** The item with `merged` in place of this piece. */
  withPiece(merged: unknown): unknown;
}

type TokenOf = (item: unknown) => Token | undefined;

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

interface ModelCall {
  /** The chunk objects it streamed, as the model reported them. */
  chunks: object[];
  /** Ids its chunks went by (LangGraph passes them on, or the call's first id, or `run-<run id>`). */
  ids: Set<string>;
  /** Chunks of it met in the stream so far. */
  claimed: number;
  ended: boolean;
  failed: boolean;
}

/**
 * Learns, as a callback handler of the run, which model call streamed what, how many chunks each
 * call streamed, and when it ended or failed: a stream is read behind the model, so a call can end
 * while most of its chunks still wait in the stream. A chunk met in the stream is the model's own
 * object or, when LangGraph re-creates it, a copy that keeps one of the call's ids; two calls that
 * share an id take their chunks in stream order (the older call's first).
 */
export class ModelCallTracker extends BaseCallbackHandler {
  name = "recons-model-call-tracker";
  /** Marked before the model call returns, not in the background. */
  override awaitHandlers = true;
  private readonly calls = new Map<string, ModelCall>();
  private readonly runOfChunk = new WeakMap<object, string>();

  private call(runId: string): ModelCall {
    let call = this.calls.get(runId);
    if (!call) this.calls.set(runId, (call = { chunks: [], ids: new Set([`run-${runId}`]), claimed: 0, ended: false, failed: false }));
    return call;
  }

  override handleLLMNewToken(_token: string, _index: unknown, runId: string, _parentRunId?: string, _tags?: string[], fields?: { chunk?: unknown }): void {
    const chunk = fields?.chunk as { message?: unknown } | undefined;
    // A chat chunk travels as its message; a plain LLM's as the generation chunk (or nothing: a string token).
    const piece = chunk?.message ?? chunk;
    const known = piece !== null && typeof piece === "object" ? piece : {};
    const call = this.call(runId);
    this.runOfChunk.set(known, runId);
    call.chunks.push(known);
    const id = (known as { id?: unknown }).id;
    if (typeof id === "string") call.ids.add(id);
  }

  override handleLLMEnd(_output: unknown, runId: string): void {
    this.call(runId).ended = true;
  }

  override handleLLMError(_error: unknown, runId: string): void {
    Object.assign(this.call(runId), { ended: true, failed: true });
  }

  /**
   * The model run a chunk met in the stream belongs to (by `run`, by the object, else by its id:
   * the oldest call still owed a chunk with that id), counted as met; undefined for a chunk no
   * model call streamed (a node's own).
   */
  claim(piece: unknown, id: string | undefined, run?: string): string | undefined {
    run ??= (piece !== null && typeof piece === "object" ? this.runOfChunk.get(piece) : undefined) ?? (id === undefined ? undefined : this.owedChunkWithId(id));
    const call = run === undefined ? undefined : this.calls.get(run);
    if (call) call.claimed++;
    return call ? run : undefined;
  }

  private owedChunkWithId(id: string): string | undefined {
    for (const [runId, call] of this.calls) {
      if (call.claimed >= call.chunks.length) continue;
      // LangGraph may have renamed the chunk objects since they were reported.
      if (!call.ids.has(id)) for (const chunk of call.chunks) if (typeof (chunk as { id?: unknown }).id === "string") call.ids.add((chunk as { id: string }).id);
      if (call.ids.has(id)) return runId;
    }
    return undefined;
  }

  /** `complete` once the call ended and all its chunks were met; `failed` once it failed. */
  state(runId: string): "open" | "complete" | "failed" {
    const call = this.calls.get(runId);
    if (!call?.ended) return "open";
    if (call.failed) return "failed";
    return call.claimed >= call.chunks.length ? "complete" : "open";
  }

  forget(runId: string): void {
    this.calls.delete(runId);
  }
}

/** `[chunk, metadata]` as stream mode `messages` yields it. */
function isTokenPair(value: unknown): value is [AIMessageChunk, Record<string, unknown>] {
  return Array.isArray(value) && value.length === 2 && isBaseMessageChunk(value[0]) && isRecord(value[1]);
}

/**
 * A model's `messages` chunk as `stream` yields it: the pair itself, or the pair last in `[mode,
 * pair]`, `[namespace, pair]` or `[namespace, mode, pair]` (several modes, subgraphs). A chunk no
 * model call streamed (a node's own) passes as it is.
 */
export function streamToken(tracker: ModelCallTracker): TokenOf {
  return (item) => {
    const pair = isTokenPair(item) ? item : Array.isArray(item) && item.length > 1 && isTokenPair(item[item.length - 1]) ? (item[item.length - 1] as [AIMessageChunk, Record<string, unknown>]) : undefined;
    const run = pair && tracker.claim(pair[0], pair[0].id);
    if (!pair || run === undefined) return undefined;
    const withPair = (merged: unknown) => [merged, pair[1]];
    return { run, piece: pair[0], withPiece: item === pair ? withPair : (merged) => [...(item as unknown[]).slice(0, -1), withPair(merged)] };
  };
}

const MODEL_STREAM_EVENTS = new Set(["on_chat_model_stream", "on_llm_stream"]);

/** A `streamEvents` model chunk event, or a graph's `messages` chunk carried by an `on_chain_stream` event. */
export function eventToken(tracker: ModelCallTracker): TokenOf {
  const ofStream = streamToken(tracker);
  return (item) => {
    if (!isRecord(item) || !isRecord(item.data)) return undefined;
    const { data } = item;
    if (typeof item.event === "string" && MODEL_STREAM_EVENTS.has(item.event) && typeof item.run_id === "string") {
      const run = tracker.claim(data.chunk, undefined, item.run_id);
      return run === undefined ? undefined : { run, piece: data.chunk, withPiece: (merged) => ({ ...item, data: { ...data, chunk: merged } }) };
    }
    if (item.event !== "on_chain_stream") return undefined;
    const token = ofStream(data.chunk);
    return token && { ...token, withPiece: (merged) => ({ ...item, data: { ...data, chunk: token.withPiece(merged) } }) };
  };
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();
/** One server-sent event of LangGraph's `text/event-stream` encoding: `event: <name>\ndata: <JSON>\n\n`. */
const SERVER_SENT_EVENT = /^event: ([^\n]*)\ndata: (.*)\n\n$/s;

/**
 * A `messages` event of an encoded `stream` (`encoding: "text/event-stream"`), whose data is
 * `[message fields, metadata]`, when its message id is a model call's chunks' id.
 */
export function encodedStreamToken(tracker: ModelCallTracker): TokenOf {
  return (item) => {
    if (!(item instanceof Uint8Array)) return undefined;
    const event = SERVER_SENT_EVENT.exec(decoder.decode(item));
    if (!event || (event[1] !== "messages" && !event[1].startsWith("messages|"))) return undefined;
    let data: unknown;
    try {
      data = JSON.parse(event[2]);
    } catch {
      return undefined;
    }
    if (!Array.isArray(data) || data.length !== 2 || !isRecord(data[0]) || typeof data[0].id !== "string") return undefined;
    const run = tracker.claim(undefined, data[0].id);
    if (run === undefined) return undefined;
    const { type: _type, ...fields } = data[0];
    const metadata: unknown = data[1];
    return {
      run,
      piece: new AIMessageChunk(fields),
      // Written the way LangGraph writes a message: its dict's data with its type.
      withPiece: (merged) => {
        const { type, data: messageFields } = (merged as AIMessageChunk).toDict();
        return encoder.encode(`event: ${event[1]}\ndata: ${JSON.stringify([{ ...messageFields, type }, metadata])}\n\n`);
      },
    };
  };
}

/** A `streamEvents` event encoded the way LangChain encodes them (`event: data`). */
export function encodeStreamEvent(event: unknown): Uint8Array {
  return encoder.encode(`event: data\ndata: ${JSON.stringify(event)}\n\n`);
}

/**
 * `items` with the tokens of each model call held back and released as one merged item, in the
 * place of the call's last token, once the tracker says the call ended and all its tokens came.
 * The tokens of a call that failed, or that had not ended when the stream did (a run cut off),
 * are dropped: a value cut short is no longer recognizable. Everything else passes in order.
 */
export async function* coalesceTokens(items: AsyncIterable<unknown>, tokenOf: TokenOf, tracker: ModelCallTracker): AsyncGenerator<unknown> {
  const held = new Map<string, Token[]>();
  for await (const item of items) {
    const token = tokenOf(item);
    if (token) {
      const tokens = held.get(token.run);
      if (tokens) tokens.push(token);
      else held.set(token.run, [token]);
    }
    for (const [run, tokens] of held) {
      const state = tracker.state(run);
      if (state === "open") continue;
      held.delete(run);
      tracker.forget(run);
      if (state === "complete") yield tokens[0].withPiece(tokens.map((each) => each.piece).reduce((merged, piece) => concat(merged, piece)));
    }
    if (!token) yield item;
  }
}

/** A `streamEvents` v2 event streaming a piece of a run's output (`on_parser_stream`, `on_chain_stream`, `on_retriever_stream`). */
const PIECE_STREAM_EVENT = /^on_\w+_stream$/;

/**
 * Pieces a nested run streams in `streamEvents` v2 other than a model's (a `prompt | model | parser` chain's
 * `on_parser_stream`, a generator's `on_chain_stream`): a value split over them cannot be judged piece by piece (round 14
 * audit: `123-`, `45-`, `6789` reached the caller through a parser while the model's own events were held), so they are held
 * until the run ends and released as one, merged as LangChain merges streamed output, right before its end event; pieces
 * that do not merge are dropped (the end event carries the whole output). The graph's own events pass as they come.
 */
export async function* coalesceRunStreams(items: AsyncIterable<unknown>): AsyncGenerator<unknown> {
  const held = new Map<string, Array<Record<string, unknown>>>();
  // The graph's run is the first to start (LangGraph's events carry no `parent_ids`).
  let root: string | undefined;
  for await (const item of items) {
    if (isRecord(item) && typeof item.event === "string" && typeof item.run_id === "string") {
      root ??= item.run_id;
      const nested = item.run_id !== root;
      if (nested && PIECE_STREAM_EVENT.test(item.event) && !MODEL_STREAM_EVENTS.has(item.event) && isRecord(item.data)) {
        const pieces = held.get(item.run_id);
        if (pieces) pieces.push(item);
        else held.set(item.run_id, [item]);
        continue;
      }
      const pieces = item.event.endsWith("_end") || item.event.endsWith("_error") ? held.get(item.run_id) : undefined;
      if (pieces) {
        held.delete(item.run_id);
        const merged = mergedPiece(pieces);
        if (merged) yield merged;
      }
    }
    yield item;
  }
}

/** One stream event with the chunks of `pieces` merged into the first's place; undefined when they do not merge. */
function mergedPiece(pieces: ReadonlyArray<Record<string, unknown>>): Record<string, unknown> | undefined {
  try {
    const chunk = pieces.map((piece) => (piece.data as Record<string, unknown>).chunk).reduce((merged, next) => concat(merged, next));
    return { ...pieces[0], data: { ...(pieces[0].data as Record<string, unknown>), chunk } };
  } catch {
    return undefined;
  }
}

/** A `messages` protocol event of `streamEvents` v3, as `stream` yields it: `[data, metadata]` last in the item. */
interface ProtocolEvent {
  data: { event: string; index?: unknown; delta?: Record<string, unknown>; content?: unknown };
  key: string;
  /** The item with `data` in place of this event's data. */
  withData(data: unknown): unknown;
}

function protocolEventOf(item: unknown): ProtocolEvent | undefined {
  if (!Array.isArray(item) || item.length < 2 || item[item.length - 2] !== "messages") return undefined;
  const payload: unknown = item[item.length - 1];
  if (!Array.isArray(payload) || payload.length !== 2 || !isRecord(payload[0]) || !isRecord(payload[1])) return undefined;
  const [data, metadata] = payload as [ProtocolEvent["data"], Record<string, unknown>];
  if (typeof data.event !== "string" || typeof metadata.run_id !== "string") return undefined;
  return { data, key: `${metadata.run_id}\u0000${String(data.index ?? 0)}`, withData: (next) => [...item.slice(0, -1), [next, metadata]] };
}

/** Fields that name a piece rather than carry its text: the first one's stays. */
const NAMING_FIELDS = new Set(["type", "id", "name", "index"]);

/** `from` appended to `into`: string fields concatenated (in nested records too), other fields the first's. */
function appended(into: Record<string, unknown>, from: Record<string, unknown>): Record<string, unknown> {
  const out = { ...into };
  for (const [key, value] of Object.entries(from)) {
    const current = out[key];
    if (current === undefined) out[key] = value;
    else if (NAMING_FIELDS.has(key)) continue;
    else if (typeof current === "string" && typeof value === "string") out[key] = current + value;
    else if (isRecord(current) && isRecord(value)) out[key] = appended(current, value);
  }
  return out;
}

/** Where a delta carries its text: a field of its own, else under `fields` (a tool call's args). */
function textPlaceOf(delta: Record<string, unknown>, key: string): { nested: boolean; key: string } | undefined {
  const own = (record: Record<string, unknown>) => (typeof record[key] === "string" ? key : Object.keys(record).find((field) => !NAMING_FIELDS.has(field) && typeof record[field] === "string"));
  const top = own(delta);
  if (top !== undefined) return { nested: false, key: top };
  const nested = isRecord(delta.fields) ? own(delta.fields) : undefined;
  return nested === undefined ? undefined : { nested: true, key: nested };
}

/**
 * A block's start content split in two: the text it already carries, shaped like `delta` (into the
 * delta's field of the same name, else its text field: `thinking` goes into a reasoning delta's
 * `reasoning`), and the start content emptied of it. Text with no place in the delta is dropped.
 */
function liftedStart(content: Record<string, unknown>, delta: Record<string, unknown>): [Record<string, unknown>, Record<string, unknown>] {
  const lifted: Record<string, unknown> = {};
  const emptied = { ...content };
  for (const [key, value] of Object.entries(content)) {
    if (NAMING_FIELDS.has(key) || typeof value !== "string" || value === "") continue;
    emptied[key] = "";
    const place = textPlaceOf(delta, key);
    if (place === undefined) continue;
    const piece = { [place.key]: value };
    Object.assign(lifted, appended(lifted, place.nested ? { fields: piece } : piece));
  }
  return [lifted, emptied];
}

/** Streamed pieces of a tool's own output (a generator tool): each alone could hold part of a value. */
const TOOL_OUTPUT_DELTAS = new Set(["tool-output-delta", "on_tool_event"]);

function isToolOutputDelta(item: unknown): boolean {
  const payload: unknown = Array.isArray(item) ? item[item.length - 1] : item;
  return isRecord(payload) && typeof payload.event === "string" && TOOL_OUTPUT_DELTAS.has(payload.event);
}

interface HeldBlock {
  start?: ProtocolEvent;
  deltas: ProtocolEvent[];
}

/**
 * `streamEvents` v3 streams model output as protocol events: each content block's start (which may
 * already carry the first piece) and deltas are held until the block's `content-block-finish`, then
 * released as the start emptied and one merged delta right before the finish (the same reason as
 * `coalesceTokens`). A block that never finishes (a run cut off) is dropped. A tool's streamed output
 * pieces (`tool-output-delta`, `on_tool_event`) are dropped: its finished output follows, sanitized whole.
 */
export async function* coalesceProtocolDeltas(items: AsyncIterable<unknown>): AsyncGenerator<unknown> {
  const held = new Map<string, HeldBlock>();
  for await (const item of items) {
    if (isToolOutputDelta(item)) continue;
    const event = protocolEventOf(item);
    const kind = event?.data.event;
    if (event && (kind === "content-block-start" || (kind === "content-block-delta" && isRecord(event.data.delta)))) {
      const block = held.get(event.key) ?? { deltas: [] };
      if (kind === "content-block-start") block.start = event;
      else block.deltas.push(event);
      held.set(event.key, block);
      continue;
    }
    const block = kind === "content-block-finish" ? held.get(event!.key) : undefined;
    if (block) {
      held.delete(event!.key);
      yield* releasedBlock(block);
    }
    yield item;
  }
}

function* releasedBlock({ start, deltas }: HeldBlock): Generator<unknown> {
  const content = start && isRecord(start.data.content) ? start.data.content : undefined;
  if (deltas.length === 0) {
    if (start) yield start.withData(start.data);
    return;
  }
  const pieces = deltas.map((delta) => delta.data.delta as Record<string, unknown>);
  const [lifted, emptied] = content ? liftedStart(content, pieces[0]) : [{}, undefined];
  if (start) yield start.withData(emptied ? { ...start.data, content: emptied } : start.data);
  const merged = [lifted, ...pieces].reduce((all, piece) => appended(all, piece));
  yield deltas[0].withData({ ...deltas[0].data, delta: { ...pieces[0], ...merged } });
}
