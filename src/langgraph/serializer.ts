import { z } from "zod";
import { JsonPlusSerializer, type SerializerProtocol } from "@langchain/langgraph-checkpoint";
import type { ReconsGuard } from "../guard.js";
import { deriveKeys } from "../crypto/keys.js";
import { open, seal, SealError } from "../crypto/aes-gcm.js";
import { mapStrings } from "../content.js";
import { parseConfig, secretSchema } from "../policy/options.js";

export const reconsSerializerOptionsSchema = z.strictObject({
  /**
   * Secret the AES-256-GCM key is derived from (HKDF, purpose `aes-gcm`); pass the guard's own
   * `secret` so one secret rules everything. Required: a random key could not resume after a restart.
   */
  secret: secretSchema,
  /** Serializer whose output is encrypted; LangGraph's `JsonPlusSerializer` by default. */
  inner: z
    .custom<SerializerProtocol>(
      (s) => typeof (s as SerializerProtocol)?.dumpsTyped === "function" && typeof (s as SerializerProtocol)?.loadsTyped === "function",
    )
    .optional(),
  /**
   * Also load blobs that are not RECONS envelopes: checkpoints written before RECONS was added.
   * Off by default: such a blob is refused with `SealError`, so whoever can write to the
   * checkpoint store cannot slip in unauthenticated state. Checkpoint metadata (plain JSON by
   * design, so savers can filter on it) always loads.
   */
  acceptUnsealed: z.boolean().default(false),
});
export type ReconsSerializerOptions = z.input<typeof reconsSerializerOptionsSchema>;

/** Marks a whole encrypted checkpoint / write; the envelope itself is plain JSON so text-casting savers keep it intact. */
const ENVELOPE_FORMAT = "aes-256-gcm/v1";
const ENVELOPE_PREFIX = `{"recons":"${ENVELOPE_FORMAT}"`;
/** Marks one encrypted string inside checkpoint metadata; a sealed number's token says so, to load as a number. */
const TOKEN_PREFIX = "recons:aes-256-gcm/v1:";
const NUMBER_TOKEN_PREFIX = `${TOKEN_PREFIX}number:`;
const BLOB_CONTEXT = "langgraph-recons/checkpoint-blob/v1";
const METADATA_CONTEXT = "langgraph-recons/checkpoint-metadata/v1";
/** Every type tag is "json": MemorySaver loads everything as "json" and SqliteSaver wants one type per row. */
const OUTPUT_TYPE = "json";

interface Envelope {
  recons: typeof ENVELOPE_FORMAT;
  /** Type tag the inner serializer produced. */
  type: string;
  data: string;
}

/**
 * A LangGraph `SerializerProtocol` that keeps raw protected values out of checkpoints (C7).
 *
 * Checkpoints and pending writes are serialized by the inner serializer, then encrypted whole with
 * AES-256-GCM into a JSON envelope. Checkpoint metadata stays plain JSON (PostgresSaver parses it,
 * savers filter on it): only its strings in which the guard detects a protected value are replaced by
 * encrypted tokens. Loading reverses both exactly, so a resumed run sees the state it left.
 */
export class ReconsSerializer implements SerializerProtocol {
  /** In a #private field: a checkpointer printed or serialized must not show it. */
  readonly #key: Uint8Array;
  private readonly inner: SerializerProtocol;
  private readonly acceptUnsealed: boolean;

  constructor(
    private readonly guard: Pick<ReconsGuard, "detect">,
    options: ReconsSerializerOptions,
  ) {
    const parsed = parseConfig(reconsSerializerOptionsSchema, options, "ReconsSerializer options");
    this.#key = deriveKeys(parsed.secret).aes;
    this.inner = parsed.inner ?? new JsonPlusSerializer();
    this.acceptUnsealed = parsed.acceptUnsealed;
  }

  async dumpsTyped(data: unknown): Promise<[string, Uint8Array]> {
    if (isCheckpointMetadata(data)) {
      // LangGraph reads `step` and `source` back as numbers and enum strings; they never hold user data.
      const { step, source, ...rest } = data;
      const protectedRest = mapStrings(rest, (text, _path, number) => this.protectMetadataString(text, number === true));
      const [, bytes] = await this.inner.dumpsTyped({ step, source, ...protectedRest });
      return [OUTPUT_TYPE, bytes];
    }
    const [type, bytes] = await this.inner.dumpsTyped(data);
    const envelope: Envelope = {
      recons: ENVELOPE_FORMAT,
      type,
      data: Buffer.from(seal(this.#key, bytes, `${BLOB_CONTEXT}\u0000${type}`)).toString("base64"),
    };
    return [OUTPUT_TYPE, new TextEncoder().encode(JSON.stringify(envelope))];
  }

  async loadsTyped(type: string, data: Uint8Array | string): Promise<unknown> {
    const text = typeof data === "string" ? data : new TextDecoder().decode(data);
    if (text.startsWith(ENVELOPE_PREFIX)) {
      const envelope = JSON.parse(text) as Envelope;
      const plain = open(this.#key, Buffer.from(envelope.data, "base64"), `${BLOB_CONTEXT}\u0000${envelope.type}`);
      return this.inner.loadsTyped(envelope.type, plain);
    }
    // Checkpoint metadata, or (when accepted) a checkpoint written before RECONS was added.
    const value: unknown = await this.inner.loadsTyped(type, data);
    if (!this.acceptUnsealed && !isCheckpointMetadata(value)) {
      throw new SealError("refused a checkpoint blob that is not sealed by RECONS (pass acceptUnsealed: true to load checkpoints written before RECONS)");
    }
    return text.includes(TOKEN_PREFIX) ? this.openMetadata(value) : value;
  }

  /** Fail closed: a string the detector cannot scan is encrypted as if it held a protected value. */
  private protectMetadataString(text: string, number: boolean): string {
    let protectedValue: boolean;
    try {
      protectedValue = this.guard.detect(text).length > 0;
    } catch {
      protectedValue = true;
    }
    if (!protectedValue) return text;
    const sealed = seal(this.#key, new TextEncoder().encode(text), METADATA_CONTEXT);
    return (number ? NUMBER_TOKEN_PREFIX : TOKEN_PREFIX) + Buffer.from(sealed).toString("base64");
  }

  /** Metadata (plain JSON) with its tokens opened, keys included; a number's token becomes the number again. */
  private openMetadata(value: unknown): unknown {
    if (typeof value === "string") return this.openMetadataToken(value);
    if (Array.isArray(value)) return value.map((item) => this.openMetadata(item));
    if (value === null || typeof value !== "object") return value;
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [String(this.openMetadataToken(key)), this.openMetadata(item)]));
  }

  private openMetadataToken(text: string): string | number {
    if (!text.startsWith(TOKEN_PREFIX)) return text;
    const number = text.startsWith(NUMBER_TOKEN_PREFIX);
    const sealed = Buffer.from(text.slice((number ? NUMBER_TOKEN_PREFIX : TOKEN_PREFIX).length), "base64");
    const opened = new TextDecoder().decode(open(this.#key, sealed, METADATA_CONTEXT));
    return number ? Number(opened) : opened;
  }
}

/** LangGraph's checkpoint metadata: `{ source, step, parents, ... }` (see CheckpointMetadata). */
function isCheckpointMetadata(data: unknown): data is Record<string, unknown> {
  if (data === null || typeof data !== "object" || Object.getPrototypeOf(data) !== Object.prototype) return false;
  const record = data as Record<string, unknown>;
  return typeof record.source === "string" && typeof record.step === "number" && typeof record.parents === "object";
}
