/** Walk every string (and number) inside a JSON-like value, keeping its structure. */

export type StringVisitor = (text: string, path: string) => string;

function isPlainObject(value: object): value is Record<string, unknown> {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function childPath(path: string, key: string | number): string {
  return typeof key === "number" ? `${path}[${key}]` : /^[A-Za-z_$][\w$]*$/.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`;
}

/**
 * Returns a copy where each string was replaced by `visit(string)`; untouched branches keep
 * their identity. Numbers are visited as their decimal text and stay numbers when the result
 * is still numeric. Class instances are copied with their prototype and own enumerable fields.
 */
export function mapStrings<T>(content: T, visit: StringVisitor, path = "$"): T {
  return walk(content, visit, path, new WeakMap()) as T;
}

function walk(value: unknown, visit: StringVisitor, path: string, seen: WeakMap<object, unknown>): unknown {
  if (typeof value === "string") return visit(value, path);
  if (typeof value === "number") {
    if (!Number.isFinite(value)) return value;
    const text = String(value);
    const result = visit(text, path);
    if (result === text) return value;
    const asNumber = Number(result.replace(/[,$\s]/g, ""));
    return /^-?[\d,.$\s]+$/.test(result) && Number.isFinite(asNumber) ? asNumber : result;
  }
  if (value === null || typeof value !== "object") return value;
  if (value instanceof Date || ArrayBuffer.isView(value) || value instanceof ArrayBuffer) return value;
  if (seen.has(value)) return seen.get(value);
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    seen.set(value, value);
    value.forEach((item, index) => {
      const next = walk(item, visit, childPath(path, index), seen);
      if (next !== item) (copy ??= [...value])[index] = next;
    });
    const result = copy ?? value;
    seen.set(value, result);
    return result;
  }
  if (value instanceof Map || value instanceof Set) return value;
  const source = value as Record<string, unknown>;
  let copy: Record<string, unknown> | undefined;
  seen.set(value, value);
  const entries = Object.entries(source);
  for (const [key, item] of entries) {
    const nextKey = visit(key, `${childPath(path, key)}#key`);
    const next = walk(item, visit, childPath(path, key), seen);
    if (next !== item || nextKey !== key) {
      if (!copy) {
        copy = isPlainObject(value) ? {} : Object.create(Object.getPrototypeOf(value));
        for (const [k, v] of entries) copy![k] = v;
        // Brand symbols (e.g. LangChain's message marker) keep `isAIMessage` and friends working.
        for (const symbol of Object.getOwnPropertySymbols(value)) {
          Object.defineProperty(copy, symbol, Object.getOwnPropertyDescriptor(value, symbol)!);
        }
      }
      if (nextKey !== key) delete copy![key];
      copy![nextKey] = next;
    }
  }
  const result = copy ?? value;
  seen.set(value, result);
  return result;
}
