import { BaseCallbackHandler } from "@langchain/core/callbacks/base";
import { AIMessageChunk, isBaseMessageChunk } from "@langchain/core/messages";
import { concat } from "@langchain/core/utils/stream";

/**
 * Token streaming to the caller (stream mode `messages`, `streamEvents` model chunks): a value
 * split over tokens (`123-`, `45-`, `6789`) cannot be judged token by token, so the chunks of one
 * model call are held back and released as one chunk, to be sanitized whole, once the call ended.
 */

/** A held-back piece of a model call's output inside a stream item. */
interface Token {
  /** The call's message id (LangGraph gives every chunk of a call the same one). */
  id: string;
  /** Run id of the model call when the item says it (`streamEvents`), else undefined. */
  runId?: string;
  piece: unknown;
  /** The item with `merged` in place of this piece. */
  withPiece(merged: unknown): unknown;
}

type TokenOf = (item: unknown) => Token | undefined;

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/**
 * Learns which model calls ended and how many chunks each streamed: a stream is read behind the
 * model, so a call can end while most of its chunks still wait in the stream. LangGraph renames a
 * call's chunks (one stable id) while emitting them, so ids are read off the chunks at the end.
 */
export class ModelCallTracker extends BaseCallbackHandler {
  name = "recons-model-call-tracker";
  /** Marked ended before the model call returns, not in the background. */
  override awaitHandlers = true;
  private readonly running = new Map<string, { count: number; chunks: object[] }>();
  /** Chunks streamed by each ended call, by every id its chunks go by. */
  private readonly ended = new Map<string, number>();

  override handleLLMNewToken(_token: string, _index: unknown, runId: string, _parentRunId?: string, _tags?: string[], fields?: { chunk?: unknown }): void {
    let call = this.running.get(runId);
    if (!call) this.running.set(runId, (call = { count: 0, chunks: [] }));
    call.count++;
    const message = (fields?.chunk as { message?: unknown } | undefined)?.message;
    if (message !== null && typeof message === "object") call.chunks.push(message);
  }

  override handleLLMEnd(_output: unknown, runId: string): void {
    this.end(runId);
  }

  override handleLLMError(_error: unknown, runId: string): void {
    this.end(runId);
  }

  private end(runId: string): void {
    const call = this.running.get(runId);
    this.running.delete(runId);
    const count = call?.count ?? 0;
    this.ended.set(`run-${runId}`, count);
    for (const chunk of call?.chunks ?? []) {
      const id = (chunk as { id?: unknown }).id;
      if (typeof id === "string") this.ended.set(id, count);
    }
  }

  /** Whether the call whose chunks go by `id` ended and all of them are among the `received`. */
  isComplete(id: string, received: number): boolean {
    const count = this.ended.get(id);
    return count !== undefined && received >= count;
  }

  /** Whether `id` names the chunks of a model call (running or ended). */
  isCall(id: string): boolean {
    if (this.ended.has(id) || id.startsWith("run-")) return true;
    for (const call of this.running.values()) if (call.chunks.some((chunk) => (chunk as { id?: unknown }).id === id)) return true;
    return false;
  }
}

/** `[chunk, metadata]` as stream mode `messages` yields it. */
function isTokenPair(value: unknown): value is [AIMessageChunk, Record<string, unknown>] {
  return Array.isArray(value) && value.length === 2 && isBaseMessageChunk(value[0]) && isRecord(value[1]);
}

/**
 * A `messages` chunk as `stream` yields it: the pair itself, or the pair last in `[mode, pair]`,
 * `[namespace, pair]` or `[namespace, mode, pair]` (several modes, subgraphs).
 */
export function streamToken(item: unknown): Token | undefined {
  if (isTokenPair(item)) return { id: item[0].id ?? "", piece: item[0], withPiece: (merged) => [merged, item[1]] };
  if (!Array.isArray(item) || item.length < 2 || !isTokenPair(item[item.length - 1])) return undefined;
  const pair = item[item.length - 1] as [AIMessageChunk, Record<string, unknown>];
  return { id: pair[0].id ?? "", piece: pair[0], withPiece: (merged) => [...item.slice(0, -1), [merged, pair[1]]] };
}

const MODEL_STREAM_EVENTS = new Set(["on_chat_model_stream", "on_llm_stream"]);
const MODEL_END_EVENTS = new Set(["on_chat_model_end", "on_llm_end", "on_chat_model_error", "on_llm_error"]);

/** A `streamEvents` model chunk event, or a graph's `messages` chunk carried by an `on_chain_stream` event. */
export function eventToken(item: unknown): Token | undefined {
  if (!isRecord(item) || !isRecord(item.data)) return undefined;
  const { data } = item;
  if (typeof item.event === "string" && MODEL_STREAM_EVENTS.has(item.event) && typeof item.run_id === "string") {
    const chunk = data.chunk as { id?: unknown } | undefined;
    return {
      id: typeof chunk?.id === "string" ? chunk.id : `run-${item.run_id}`,
      runId: item.run_id,
      piece: data.chunk,
      withPiece: (merged) => ({ ...item, data: { ...data, chunk: merged } }),
    };
  }
  if (item.event !== "on_chain_stream") return undefined;
  const token = streamToken(data.chunk);
  return token && { ...token, withPiece: (merged) => ({ ...item, data: { ...data, chunk: token.withPiece(merged) } }) };
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();
/** One server-sent event of LangGraph's `text/event-stream` encoding: `event: <name>\ndata: <JSON>\n\n`. */
const SERVER_SENT_EVENT = /^event: ([^\n]*)\ndata: (.*)\n\n$/s;

/**
 * A `messages` event of an encoded `stream` (`encoding: "text/event-stream"`), whose data is
 * `[message fields, metadata]`, when the tracker knows the message id as a model call's.
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
    if (!Array.isArray(data) || data.length !== 2 || !isRecord(data[0]) || typeof data[0].id !== "string" || !tracker.isCall(data[0].id)) return undefined;
    const { type: _type, ...fields } = data[0];
    const metadata: unknown = data[1];
    return {
      id: data[0].id,
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

/** The run id a `streamEvents` item ends, if it is a model call's end. */
function endedRun(item: unknown): string | undefined {
  return isRecord(item) && typeof item.event === "string" && MODEL_END_EVENTS.has(item.event) && typeof item.run_id === "string" ? item.run_id : undefined;
}

/**
 * `items` with the tokens of each model call held back and released as one merged item, in the
 * place of the call's last token, once the tracker says the call ended and all its tokens came
 * (or its `streamEvents` end event came), else when the stream ends. Everything else passes in order.
 */
export async function* coalesceTokens(items: AsyncIterable<unknown>, tokenOf: TokenOf, tracker: ModelCallTracker): AsyncGenerator<unknown> {
  const held = new Map<string, Token[]>();
  function* release(complete: (tokens: Token[], id: string) => boolean): Generator<unknown> {
    for (const [id, tokens] of held) {
      if (!complete(tokens, id)) continue;
      held.delete(id);
      yield tokens[0].withPiece(tokens.map((token) => token.piece).reduce((merged, piece) => concat(merged, piece)));
    }
  }
  for await (const item of items) {
    const token = tokenOf(item);
    if (token) {
      const tokens = held.get(token.id);
      if (tokens) tokens.push(token);
      else held.set(token.id, [token]);
    } else {
      const run = endedRun(item);
      if (run !== undefined) yield* release((tokens) => tokens[0].runId === run);
    }
    yield* release((tokens, id) => tracker.isComplete(id, tokens.length));
    if (!token) yield item;
  }
  yield* release(() => true);
}
