import { isBaseMessage, RemoveMessage, type BaseMessage } from "@langchain/core/messages";

/**
 * Messages are class instances whose text lives in several fields (and twice, in `lc_kwargs`).
 * To sanitize state that holds them, `toPlain` turns each message into a plain record of the
 * fields that can carry content, the guard sanitizes that JSON-like tree, and `fromPlain`
 * rebuilds a message of the same class with the same id, so `add_messages` still matches ids.
 */

/** Fields of a message that can carry protected content (ids, types and roles are left alone). */
const CONTENT_FIELDS = [
  "content",
  "name",
  "additional_kwargs",
  "response_metadata",
  "tool_calls",
  "invalid_tool_calls",
  "tool_call_chunks",
  "artifact",
  "metadata",
] as const;

/** Bookkeeping fields of LangChain serializables that the constructor recreates. */
const REBUILT_FIELDS = new Set(["lc_serializable", "lc_kwargs", "lc_namespace", "type"]);

/** `additional_kwargs[ADDRESSEE_KEY]` names the node a message is written for. */
export const ADDRESSEE_KEY = "recipient";

type MessageConstructor = new (fields: Record<string, unknown>) => BaseMessage;

function isRemoveMessage(message: BaseMessage): boolean {
  return message instanceof RemoveMessage || message.type === "remove";
}

/** The node a message names as its addressee (`additional_kwargs.recipient`), if any. */
export function addresseeOf(value: unknown): string | undefined {
  if (!isBaseMessage(value)) return undefined;
  const addressee = (value.additional_kwargs as Record<string, unknown> | undefined)?.[ADDRESSEE_KEY];
  return typeof addressee === "string" && addressee.length > 0 ? addressee : undefined;
}

/**
 * The plain record of a message is the same object for as long as the message's fields are, so
 * identity memos (`guard.revealAll`) recognize a message delivered again (state re-delivers its
 * whole history at each step).
 */
const plainRecords = new WeakMap<BaseMessage, Record<string, unknown>>();

function messageParts(message: BaseMessage): Record<string, unknown> {
  const known = plainRecords.get(message);
  if (known && unchanged(message, known)) return known;
  const source = message as unknown as Record<string, unknown>;
  const parts: Record<string, unknown> = {};
  for (const field of CONTENT_FIELDS) if (source[field] !== undefined) parts[field] = source[field];
  plainRecords.set(message, parts);
  return parts;
}

function rebuildMessage(original: BaseMessage, parts: unknown): BaseMessage {
  if (parts === null || typeof parts !== "object") throw new TypeError("sanitized message parts are not an object");
  if (unchanged(original, parts as Record<string, unknown>)) return original; // Nothing was protected: keep the instance.
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(original)) if (!REBUILT_FIELDS.has(key)) fields[key] = value;
  const Constructor = original.constructor as MessageConstructor;
  return new Constructor({ ...fields, ...(parts as Record<string, unknown>), id: original.id });
}

/** The sanitizer keeps the identity of every branch it did not change. */
function unchanged(original: BaseMessage, parts: Record<string, unknown>): boolean {
  const source = original as unknown as Record<string, unknown>;
  const keys = Object.keys(parts);
  return keys.length === CONTENT_FIELDS.filter((field) => source[field] !== undefined).length && keys.every((key) => parts[key] === source[key]);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object";
}

/** Whether any message sits anywhere inside `value` (arrays, plain objects, `Overwrite`, ...). */
export function containsMessage(value: unknown, seen = new WeakSet<object>()): boolean {
  if (!isObject(value)) return false;
  if (isBaseMessage(value)) return true;
  if (seen.has(value)) return false;
  seen.add(value);
  const children = Array.isArray(value) ? value : Object.values(value);
  return children.some((child) => containsMessage(child, seen));
}

/** A JSON-like copy of `value` where every message is the plain record of its content fields. */
export function toPlain(value: unknown): unknown {
  if (isBaseMessage(value)) return isRemoveMessage(value) ? null : messageParts(value);
  if (Array.isArray(value)) return value.map(toPlain);
  if (!isObject(value) || !containsMessage(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, toPlain(child)]));
}

/** Put a sanitized plain tree back into the shape of `original` (messages, class instances). */
export function fromPlain<T>(original: T, plain: unknown): T {
  return rebuild(original, plain) as T;
}

function rebuild(original: unknown, plain: unknown): unknown {
  if (isBaseMessage(original)) return isRemoveMessage(original) ? original : rebuildMessage(original, plain);
  if (Array.isArray(original) && Array.isArray(plain)) return original.map((item, index) => rebuild(item, plain[index]));
  if (!isObject(original) || !isObject(plain) || !containsMessage(original)) return plain;
  const copy = Object.create(Object.getPrototypeOf(original)) as Record<string, unknown>;
  for (const [key, child] of Object.entries(plain)) {
    // A key the sanitizer rewrote keeps its sanitized plain value (fail closed, never the original).
    copy[key] = Object.prototype.hasOwnProperty.call(original, key) ? rebuild(original[key], child) : child;
  }
  return copy;
}
