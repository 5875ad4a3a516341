import { isBaseMessage, type BaseMessage } from "@langchain/core/messages";

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

const CONTENT_FIELD_SET = new Set<string>(CONTENT_FIELDS);

/** `additional_kwargs[ADDRESSEE_KEY]` names the node a message is written for. */
export const ADDRESSEE_KEY = "recipient";

/** `instanceof RemoveMessage` asks `RemoveMessage.isInstance`, which also requires this type: the type alone says the same, at a field read's cost. */
function isRemoveMessage(message: BaseMessage): boolean {
  return message.type === "remove";
}

/** The node a message names as its addressee (`additional_kwargs.recipient`), if any. */
export function addresseeOf(value: unknown): string | undefined {
  if (!isBaseMessage(value)) return undefined;
  const addressee = (value.additional_kwargs as Record<string, unknown> | undefined)?.[ADDRESSEE_KEY];
  return typeof addressee === "string" && addressee.length > 0 ? addressee : undefined;
}

/** What is known of a message while its content fields stay the same: its plain record and its sanitized copies. */
interface MessageRecord {
  /** The message's content fields (in `CONTENT_FIELDS` order) when the record was made. */
  fields: unknown[];
  /** The empty `{}` / `[]` fields left out of `parts`: filled in place, they make the record stale. */
  empties: unknown[];
  /**
   * The same object for as long as the message's fields are, so identity memos (`guard.revealAll`)
   * recognize a message delivered again (state re-delivers its whole history at each step).
   */
  parts: Record<string, unknown>;
  /**
   * Sanitized copies, by their parts: readers with the same view of the message get the same copy
   * instead of a new one each time.
   */
  views: Array<{ parts: Record<string, unknown>; message: BaseMessage }>;
}

/** One entry per message (one lookup for its plain record and its copies). */
const messageRecords = new WeakMap<BaseMessage, MessageRecord>();
/** Distinct views kept per message (one per group of readers with the same authorizations). */
const MAX_VIEWS = 8;

/** The message's record, made afresh when its content fields changed since (copies of the old content are not its views). */
function currentRecord(message: BaseMessage): MessageRecord {
  const record = messageRecords.get(message);
  return record && holdsFields(message, record) ? record : newRecord(message);
}

function newRecord(message: BaseMessage): MessageRecord {
  const source = message as unknown as Record<string, unknown>;
  const fields: unknown[] = [];
  const parts: Record<string, unknown> = {};
  const empties: unknown[] = [];
  for (const field of CONTENT_FIELDS) {
    const value = source[field];
    fields.push(value);
    if (carriesContent(value)) parts[field] = value;
    else if (value !== undefined) empties.push(value);
  }
  const record = { fields, empties, parts, views: [] };
  messageRecords.set(message, record);
  return record;
}

/** Whether the message's content fields are still those of `record` (compared by identity, the empty ones still empty). */
function holdsFields(message: BaseMessage, record: MessageRecord): boolean {
  const source = message as unknown as Record<string, unknown>;
  for (let index = 0; index < CONTENT_FIELDS.length; index++) if (source[CONTENT_FIELDS[index]] !== record.fields[index]) return false;
  return !record.empties.some(carriesContent);
}

/** Empty `{}` / `[]` fields (most kwargs and metadata) hold nothing to protect: left out of the walk. */
function carriesContent(value: unknown): boolean {
  if (value === undefined) return false;
  if (Array.isArray(value)) return value.length > 0;
  if (value === null || typeof value !== "object") return true;
  for (const _key in value) return true;
  return Object.getOwnPropertySymbols(value).length > 0 || Object.getPrototypeOf(value) !== Object.prototype;
}

/**
 * The message with its content fields replaced by the sanitized parts: a copy of the same class
 * (own fields and brand symbol copied, no constructor run), whose `lc_kwargs` (what serialization
 * writes) holds the same sanitized fields.
 */
function rebuildMessage(original: BaseMessage, parts: unknown): BaseMessage {
  if (parts === null || typeof parts !== "object") throw new TypeError("sanitized message parts are not an object");
  const sanitized = parts as Record<string, unknown>;
  // The record `toPlain` just checked: its views are copies of the message's current content.
  const record = messageRecords.get(original) ?? newRecord(original);
  if (sanitized === record.parts) return original;
  // A view was checked against the message when it was built.
  for (const view of record.views) if (sameParts(view.parts, sanitized)) return view.message;
  const state = partsState(original, sanitized);
  // Nothing was protected (the walk rebuilt equal parts): keep the instance.
  if (state === "unchanged") return original;
  const source = original as unknown as Record<string, unknown>;
  if (state !== "changed") {
    for (const key in sanitized) if (!CONTENT_FIELD_SET.has(key)) throw new TypeError(`sanitized message has an unknown field ${JSON.stringify(key)}`);
  }
  // A content field left out of the parts would keep its raw value in the copy.
  if (state === "lost") throw new TypeError(`sanitized message lost its ${CONTENT_FIELDS.find((field) => carriesContent(source[field]) && !(field in sanitized))}`);
  const copy = Object.assign(Object.create(Object.getPrototypeOf(original)) as Record<string, unknown>, source, sanitized);
  const kwargs: Record<string, unknown> = { ...(source.lc_kwargs as Record<string, unknown> | undefined) };
  for (const field of CONTENT_FIELDS) if (field in kwargs) kwargs[field] = copy[field];
  copy.lc_kwargs = kwargs;
  const message = copy as unknown as BaseMessage;
  record.views.unshift({ parts: sanitized, message });
  if (record.views.length > MAX_VIEWS) record.views.length = MAX_VIEWS;
  return message;
}

function keyCount(record: Record<string, unknown>): number {
  let count = 0;
  for (const _key in record) count++;
  return count;
}

function sameParts(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  let count = 0;
  for (const key in b) {
    if (b[key] !== a[key]) return false;
    count++;
  }
  return count === keyCount(a);
}

/**
 * How sanitized `parts` stand to the message: `unchanged` holds its content fields and nothing else,
 * each with the message's own value (the sanitizer keeps the identity of every branch it did not
 * change); `lost` leaves out a field that carries content; `changed` holds only content fields,
 * some with other values; `foreign` holds some other key too.
 */
function partsState(original: BaseMessage, parts: Record<string, unknown>): "unchanged" | "changed" | "foreign" | "lost" {
  const source = original as unknown as Record<string, unknown>;
  let held = 0;
  let changed = false;
  for (const field of CONTENT_FIELDS) {
    const part = parts[field];
    if (part !== undefined) {
      changed ||= part !== source[field];
      held++;
    } else if (carriesContent(source[field])) {
      if (!(field in parts)) return "lost";
      changed = true;
    }
  }
  if (keyCount(parts) !== held) return "foreign";
  return changed ? "changed" : "unchanged";
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object";
}

/** Whether any message sits anywhere inside `value` (arrays, plain objects, `Overwrite`, ...); `seen` lives for one call (a `Set`: cheaper to make than a `WeakSet`). */
export function containsMessage(value: unknown, seen: Set<object> | WeakSet<object> = new Set<object>()): boolean {
  if (!isObject(value)) return false;
  if (isBaseMessage(value)) return true;
  if (seen.has(value)) return false;
  seen.add(value);
  // A list of messages (the usual state) answers at its first item, without a copy of the list.
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) if (index in value && containsMessage(value[index], seen)) return true;
    return false;
  }
  return Object.values(value).some((child) => containsMessage(child, seen));
}

/** A JSON-like copy of `value` where every message is the plain record of its content fields. */
export function toPlain(value: unknown): unknown {
  if (isBaseMessage(value)) return isRemoveMessage(value) ? null : currentRecord(value).parts;
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
  // Nothing inside is a message: the sanitized plain value is the value itself (no copy to make).
  if (!isObject(original) || !isObject(plain) || !containsMessage(original)) return plain;
  if (Array.isArray(original) && Array.isArray(plain)) return original.map((item, index) => rebuild(item, plain[index]));
  const copy = Object.create(Object.getPrototypeOf(original)) as Record<string, unknown>;
  for (const [key, child] of Object.entries(plain)) {
    // A key the sanitizer rewrote keeps its sanitized plain value (fail closed, never the original).
    copy[key] = Object.prototype.hasOwnProperty.call(original, key) ? rebuild(original[key], child) : child;
  }
  return copy;
}
