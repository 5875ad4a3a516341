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
    if (seen.has(current) || seen.size >= MAX_NESTED_ERRORS) return current;
    seen.add(current);
    const fields: Record<string, unknown> = { message: current.message, stack: current.stack };
    // Own fields that are not enumerable too (`Object.defineProperty(error, "response", ...)`).
    for (const key of Object.getOwnPropertyNames(current)) if (!ERROR_LINKS.has(key) && !(key in fields)) fields[key] = (current as unknown as Record<string, unknown>)[key];
    const sanitized = (await sanitize(fields)) as Record<string, unknown>;
    const links: Record<string, unknown> = {};
    const { errors, cause } = current as Error & { errors?: unknown };
    if (Array.isArray(errors)) links.errors = await Promise.all(errors.map((inner) => (inner instanceof Error ? visit(inner) : sanitize(inner))));
    if (cause !== undefined) links.cause = cause instanceof Error ? await visit(cause) : await sanitize(cause);
    return copy ? copyOf(current, { ...sanitized, ...links }) : redefine(current, { ...sanitized, ...links });
  };
  try {
    return error instanceof Error ? await visit(error) : await sanitize(error);
  } catch {
    return error instanceof Error ? copyOf(error, { message: FAILURE_PLACEHOLDER, stack: undefined }) : FAILURE_PLACEHOLDER;
  }
}

/** `error` with `fields` set; a copy of its class when it will not take them (frozen, read-only getters). */
function redefine(error: Error, fields: Record<string, unknown>): Error {
  try {
    for (const [key, value] of Object.entries(fields)) {
      if (value === undefined && !(key in error)) continue;
      const enumerable = Object.getOwnPropertyDescriptor(error, key)?.enumerable ?? false;
      Object.defineProperty(error, key, { value, writable: true, configurable: true, enumerable });
    }
    return error;
  } catch {
    return copyOf(error, fields);
  }
}

function copyOf(error: Error, fields: Record<string, unknown>): Error {
  const copy = Object.create(Object.getPrototypeOf(error) as object) as Error;
  Object.defineProperty(copy, "name", { value: error.name, writable: true, configurable: true, enumerable: false });
  for (const [key, value] of Object.entries(fields)) {
    Object.defineProperty(copy, key, { value, writable: true, configurable: true, enumerable: key !== "message" && key !== "stack" });
  }
  return copy;
}
