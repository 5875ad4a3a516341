import { FAILURE_PLACEHOLDER } from "./delivery.js";

/** Errors nested in one error (causes, an AggregateError's errors) that are followed. */
const MAX_NESTED_ERRORS = 16;
/** Error fields other than its own data (`errors` and `cause` are followed as errors). */
const ERROR_LINKS = new Set(["errors", "cause"]);

/**
 * An error on its way to a reader (a node's or a tool's own error may quote a value it read, in its
 * message or in fields such as an HTTP error's request or response): its message, stack and own
 * fields, and those of its causes and inner errors, sanitized by `sanitize`. In place where the
 * error lets its fields be redefined, so whoever catches it gets the same object; otherwise a
 * copy of the same class (always a copy, causes too, with `copy`: for a reader beside the error's
 * own path, such as a log). Never throws: what cannot be sanitized is redacted. Callers throw the result.
 */
export async function sanitizeError(error: unknown, sanitize: (content: unknown) => Promise<unknown>, copy = false): Promise<unknown> {
  const seen = new Set<Error>();
  const visit = async (current: Error): Promise<Error> => {
    // Sanitized in place already (a cycle back to it), or one nested error too many (round 14 audit: the 17th of an
    // AggregateError's 20 went out raw): a copy without its message, never the error as thrown.
    if (seen.has(current) && !copy) return current;
    if (seen.has(current) || seen.size >= MAX_NESTED_ERRORS) return copyOf(current, { message: FAILURE_PLACEHOLDER, stack: undefined });
    seen.add(current);
    const fields: Record<string, unknown> = { message: current.message, stack: current.stack };
    // Own fields that are not enumerable too (`Object.defineProperty(error, "response", ...)`).
    for (const key of Object.getOwnPropertyNames(current)) if (!ERROR_LINKS.has(key) && !(key in fields)) fields[key] = (current as unknown as Record<string, unknown>)[key];
    const sanitized = (await sanitize(fields)) as Record<string, unknown>;
    const links: Record<string | symbol, unknown> = {};
    // Fields keyed by a symbol, which a walk of the fields' names does not see.
    for (const key of Object.getOwnPropertySymbols(current)) links[key] = await sanitize((current as unknown as Record<symbol, unknown>)[key]);
    const { errors, cause } = current as Error & { errors?: unknown };
    if (errors !== undefined) links.errors = await visitErrors(errors);
    if (cause !== undefined) links.cause = cause instanceof Error ? await visit(cause) : await sanitize(cause);
    return copy ? copyOf(current, { ...sanitized, ...links }) : redefine(current, { ...sanitized, ...links });
  };
  const visitOne = (inner: unknown) => (inner instanceof Error ? visit(inner) : sanitize(inner));
  // Inner errors in a list (AggregateError), a map or an object by field (a validation error's `errors.ssn`).
  const visitErrors = async (errors: unknown): Promise<unknown> => {
    if (Array.isArray(errors)) return Promise.all(errors.map(visitOne));
    if (errors instanceof Map) return new Map(await Promise.all([...errors].map(async ([key, inner]) => [await sanitize(key), await visitOne(inner)] as const)));
    if (errors !== null && typeof errors === "object" && !(errors instanceof Error)) {
      return Object.fromEntries(await Promise.all(Object.entries(errors).map(async ([key, inner]) => [await sanitize(key), await visitOne(inner)] as const)));
    }
    return visitOne(errors);
  };
  try {
    return error instanceof Error ? await visit(error) : await sanitize(error);
  } catch {
    return error instanceof Error ? copyOf(error, { message: FAILURE_PLACEHOLDER, stack: undefined }) : FAILURE_PLACEHOLDER;
  }
}

/** `error` with `fields` set; a copy of its class when it will not take them (frozen, read-only getters). */
function redefine(error: Error, fields: Record<string | symbol, unknown>): Error {
  try {
    for (const key of Reflect.ownKeys(fields)) {
      const value = fields[key];
      if (value === undefined && !(key in error)) continue;
      const enumerable = Object.getOwnPropertyDescriptor(error, key)?.enumerable ?? false;
      Object.defineProperty(error, key, { value, writable: true, configurable: true, enumerable });
    }
    return error;
  } catch {
    return copyOf(error, fields);
  }
}

function copyOf(error: Error, fields: Record<string | symbol, unknown>): Error {
  const copy = Object.create(Object.getPrototypeOf(error) as object) as Error;
  Object.defineProperty(copy, "name", { value: error.name, writable: true, configurable: true, enumerable: false });
  for (const key of Reflect.ownKeys(fields)) {
    Object.defineProperty(copy, key, { value: fields[key], writable: true, configurable: true, enumerable: key !== "message" && key !== "stack" });
  }
  return copy;
}
