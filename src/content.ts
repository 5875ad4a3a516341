/** Walk every string (and number) inside a JSON-like value, keeping its structure. */

/** Visits each string; `number` is set when the text is a number's decimal form (a visitor that seals it can say so). */
export type StringVisitor = (text: string, path: string, number?: boolean) => string;

/** A plain record (`{}` or `Object.create(null)`): not an array, a class instance or a primitive. */
export function isPlainRecord(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** A structural key: an identifier in lower camel or snake case with at most two digits (`messages`, `patient_name`, `step2`). */
const STRUCTURAL_KEY = /^(?!(?:.*\d){3})[a-z_$][\w$]*$/;

/** The suffix of a path naming an object key's own text (a record's or a `Map`'s), not the value under it. */
const KEY_SUFFIX = "#key";

/** Whether `path` (as `mapStrings` hands it) names an object key's own text. */
export function isKeyPath(path: string): boolean {
  return path.endsWith(KEY_SUFFIX);
}

/** Any other key may be a protected value itself (`{ "123-45-6789": ... }`, `{ Sanchez: ... }`, `MRN4471093`): paths name it by position. */
export function childPath(path: string, key: string | number, index: number): string {
  return typeof key === "number" ? `${path}[${key}]` : STRUCTURAL_KEY.test(key) ? `${path}.${key}` : `${path}[key#${index}]`;
}

/**
 * Returns a copy where each string was replaced by `visit(string)`; untouched branches keep
 * their identity. Numbers are visited as their decimal text and stay numbers when the result
 * is still numeric. Records, class instances and errors are copied with their prototype and all
 * their own fields (an error's message, stack and cause are not enumerable).
 * With a `memo` (for a `visit` that depends on the text only and records nothing), an object
 * walked before is answered from it instead of walked again.
 */
export function mapStrings<T>(content: T, visit: StringVisitor, path = "$", memo?: WeakMap<object, unknown>): T {
  // Most content is one string: no walker (and its WeakMap) for it.
  if (typeof content === "string") return visit(content, path) as T;
  return new Walker(visit, memo).walk(content, path) as T;
}

/**
 * What a reference back to an object still being walked (a cycle) becomes: its copy does not
 * exist yet, and pointing to the original would hand out its unvisited strings.
 */
export const CYCLE_MARKER = "[REDACTED:cycle]";
const IN_PROGRESS = Symbol("in-progress");

class Walker {
  /** A strong map: it lives for one walk. */
  private readonly seen = new Map<object, unknown>();

  constructor(
    private readonly visit: StringVisitor,
    private readonly memo: WeakMap<object, unknown> | undefined,
  ) {}

  walk(value: unknown, path: string): unknown {
    if (typeof value === "string") return this.visit(value, path);
    if (typeof value === "number") return this.number(value, path);
    if (typeof value === "bigint") return this.bigint(value, path);
    if (value === null || typeof value !== "object") return value;
    // Most objects met are plain records (messages' fields, state): none of the classes below.
    const plain = isPlainRecord(value);
    if (!plain) {
      if (value instanceof Date) return this.date(value, path);
      // A URL and a boxed primitive hold their text where no field shows it: walked as that text.
      if (value instanceof URL) return this.textOf(value, value.href, path);
      if (value instanceof String || value instanceof Number || value instanceof Boolean) return this.textOf(value, value.valueOf(), path);
      if (value instanceof Uint8Array || value instanceof ArrayBuffer) return this.bytes(value, path);
      if (ArrayBuffer.isView(value)) return value; // Numbers (Int32Array, ...), not text.
    }
    const known = this.seen.get(value) ?? this.memo?.get(value);
    if (known === IN_PROGRESS) return CYCLE_MARKER;
    if (known !== undefined) return known;
    this.seen.set(value, IN_PROGRESS);
    const result = plain
      ? this.fields(value, path)
      : Array.isArray(value)
        ? this.array(value, path)
        : value instanceof Map
          ? this.map(value, path)
          : value instanceof Set
            ? this.set(value, path)
            : value instanceof Error
              ? this.ownFields(value, path) // message, stack and cause are own fields that are not enumerable
              : this.fields(value, path);
    this.seen.set(value, result);
    this.memo?.set(value, result);
    return result;
  }

  private number(value: number, path: string): unknown {
    if (!Number.isFinite(value)) return value;
    const text = String(value);
    const result = this.visit(text, path, true);
    if (result === text) return value;
    const asNumber = Number(result.replace(/[,$\s]/g, ""));
    return /^-?[\d,.$\s]+$/.test(result) && Number.isFinite(asNumber) ? asNumber : result;
  }

  private bigint(value: bigint, path: string): unknown {
    const text = value.toString();
    const result = this.visit(text, path);
    return result === text ? value : /^-?\d+$/.test(result) ? BigInt(result) : result;
  }

  /** An object that stands for one text or number: where that must change, the sanitized value replaces the object. */
  private textOf(value: object, primitive: unknown, path: string): unknown {
    const next = this.walk(primitive, path);
    return next === primitive ? value : next;
  }

  /**
   * A record or class instance: its own fields, enumerable or not. A class instance with `toJSON`
   * (private fields, getters) is also read the way serialization reads it: if that changes, its
   * sanitized JSON form replaces it, since a copy of the class would still hold the private values.
   * LangChain objects (`lc_kwargs`) serialize their own fields and are copied as records.
   */
  private fields(value: object, path: string): unknown {
    const toJSON = (value as { toJSON?: unknown }).toJSON;
    // A plain record's own `toJSON` too: `JSON.stringify` sends what it returns, not the fields.
    if (typeof toJSON === "function" && !("lc_kwargs" in value)) {
      const json: unknown = toJSON.call(value);
      if (json !== value) {
        const next = this.walk(json, path);
        if (next !== json) return next;
      }
    }
    // Only where some field is not enumerable, or symbol-keyed, does the slower walk of every own field run.
    const names = Reflect.ownKeys(value);
    const keys = Object.keys(value);
    return names.length === keys.length ? this.record(value as Record<string, unknown>, keys, path) : this.ownFields(value, path);
  }

  /** Every own field walked, enumerable or not, symbol-keyed ones too; a copy of the object's class holds what changed, each field as enumerable as it was. */
  private ownFields<T extends object>(value: T, path: string): T {
    const source = value as unknown as Record<PropertyKey, unknown>;
    const keys = Reflect.ownKeys(value);
    const next = keys.map((key, index) => this.walk(source[key], typeof key === "symbol" ? `${path}[symbol]` : childPath(path, key, index)));
    if (next.every((item, index) => item === source[keys[index]])) return value;
    const copy = Object.create(Object.getPrototypeOf(value) as object) as T;
    keys.forEach((key, index) => {
      const descriptor = Object.getOwnPropertyDescriptor(value, key)!;
      // A getter is read once, here: the copy holds what it returned, sanitized (a copied getter would read the raw value again).
      Object.defineProperty(copy, key, { value: next[index], writable: true, configurable: true, enumerable: descriptor.enumerable });
    });
    return copy;
  }

  /** A date is its ISO text: where that text must change, the text replaces the date (never the date kept). */
  private date(value: Date, path: string): unknown {
    if (Number.isNaN(value.getTime())) return value;
    const text = value.toISOString();
    const result = this.visit(text, path);
    return result === text ? value : result;
  }

  /** Bytes are read as UTF-8 text when they are that, else byte per character; rewritten, they stay bytes of the same class. */
  private bytes(value: Uint8Array | ArrayBuffer, path: string): unknown {
    const view = value instanceof ArrayBuffer ? new Uint8Array(value) : value;
    const buffer = Buffer.from(view.buffer, view.byteOffset, view.byteLength);
    const utf8 = buffer.toString("utf8");
    const encoding = Buffer.byteLength(utf8) === buffer.length && Buffer.from(utf8).equals(buffer) ? "utf8" : "latin1";
    const text = encoding === "utf8" ? utf8 : buffer.toString("latin1");
    const result = this.visit(text, path);
    if (result === text) return value;
    const rewritten = Buffer.from(result, encoding);
    if (value instanceof ArrayBuffer) return rewritten.buffer.slice(rewritten.byteOffset, rewritten.byteOffset + rewritten.byteLength);
    return Buffer.isBuffer(value) ? rewritten : new Uint8Array(rewritten);
  }

  private map(value: Map<unknown, unknown>, path: string): Map<unknown, unknown> {
    let changed = false;
    const entries: Array<[unknown, unknown]> = [];
    let index = 0;
    for (const [key, item] of value) {
      const entryPath = `${path}[entry#${index++}]`;
      const nextKey = this.walk(key, `${entryPath}${KEY_SUFFIX}`);
      const next = this.walk(item, entryPath);
      changed ||= nextKey !== key || next !== item;
      entries.push([nextKey, next]);
    }
    return changed ? new Map(entries) : value;
  }

  private set(value: Set<unknown>, path: string): Set<unknown> {
    let changed = false;
    const items: unknown[] = [];
    let index = 0;
    for (const item of value) {
      const next = this.walk(item, `${path}[item#${index++}]`);
      changed ||= next !== item;
      items.push(next);
    }
    return changed ? new Set(items) : value;
  }

  private array(value: unknown[], path: string): unknown[] {
    let copy: unknown[] | undefined;
    for (let index = 0; index < value.length; index++) {
      const item = value[index];
      const next = this.walk(item, `${path}[${index}]`);
      if (next !== item) (copy ??= [...value])[index] = next;
    }
    return copy ?? value;
  }

  /** `keys`: the record's own enumerable keys, as `fields` read them. */
  private record(source: Record<string, unknown>, keys: string[], path: string): Record<string, unknown> {
    let copy: Record<string, unknown> | undefined;
    // Keys and values read once each (a getter is not asked twice), without an array per entry.
    const values = Object.values(source);
    for (let index = 0; index < keys.length; index++) {
      const key = keys[index];
      const item = values[index];
      // A key the visit changes was content (`tanya_bryant`): its path and its value's name it by position.
      const nextKey = this.visit(key, `${path}[key#${index}]${KEY_SUFFIX}`);
      const next = this.walk(item, nextKey === key ? childPath(path, key, index) : `${path}[key#${index}]`);
      if (next !== item || nextKey !== key) {
        copy ??= copyOfRecord(source, keys, values);
        let target = nextKey;
        if (nextKey !== key) {
          delete copy[key];
          // Two keys redacted alike (`[REDACTED:text]`) would keep one value: the later one gets a number.
          for (let n = 2; Object.prototype.hasOwnProperty.call(copy, target); n++) target = `${nextKey}#${n}`;
        }
        copy[target] = next;
      }
    }
    // Symbol-keyed fields: a brand (LangChain's message marker) stays as it is, a text one is walked.
    for (const symbol of Object.getOwnPropertySymbols(source)) {
      const descriptor = Object.getOwnPropertyDescriptor(source, symbol)!;
      if (!("value" in descriptor)) continue;
      const next = this.walk(descriptor.value, `${path}[symbol]`);
      if (next === descriptor.value) continue;
      copy ??= copyOfRecord(source, keys, values);
      Object.defineProperty(copy, symbol, { ...descriptor, value: next });
    }
    return copy ?? source;
  }
}

/** A shallow copy of a record (own enumerable fields, symbol-keyed fields as they are), of its class. */
function copyOfRecord(source: Record<string, unknown>, keys: string[], values: unknown[]): Record<string, unknown> {
  const copy: Record<string, unknown> = isPlainRecord(source) ? {} : Object.create(Object.getPrototypeOf(source));
  for (let k = 0; k < keys.length; k++) copy[keys[k]] = values[k];
  // Brand symbols (e.g. LangChain's message marker) keep `isAIMessage` and friends working.
  for (const symbol of Object.getOwnPropertySymbols(source)) Object.defineProperty(copy, symbol, Object.getOwnPropertyDescriptor(source, symbol)!);
  return copy;
}
