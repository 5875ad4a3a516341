/** Causes of an error followed when sanitizing it (a cycle of causes stops there too). */
const MAX_ERROR_CAUSES = 8;

/**
 * An error on its way to a reader (a node's or a tool's own error message may quote a value it
 * read): the message and stack of it and of its causes sanitized by `sanitizeText`, in place, so
 * whoever catches it still gets the same class with the same fields.
 */
export async function sanitizeErrorInPlace(error: unknown, sanitizeText: (text: string) => Promise<unknown>): Promise<unknown> {
  for (let current: unknown = error, depth = 0; current instanceof Error && depth < MAX_ERROR_CAUSES; current = current.cause, depth++) {
    const [message, stack] = await Promise.all([sanitizeText(current.message), current.stack === undefined ? undefined : sanitizeText(current.stack)]);
    current.message = message as string;
    if (stack !== undefined) current.stack = stack as string;
  }
  return error;
}
