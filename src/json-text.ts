/**
 * JSON errors that say where a text stops being JSON without quoting it: Node's parser quotes the
 * characters around the fault, and a corpus, trace or label line may hold protected values there.
 */

/** The fault of a JSON.parse error as a position, never as the text around it. */
export function jsonSyntaxProblem(error: unknown): string {
  const message = error instanceof Error ? error.message : "";
  const position = /position (\d+)/.exec(message);
  if (position) return `syntax error at character ${Number(position[1]) + 1}`;
  if (/end of (JSON|data)/i.test(message)) return "the text ends before the JSON does";
  return "syntax error";
}

/** `JSON.parse(text)`, or a SyntaxError naming `where` and the fault's position. */
export function parseJson(text: string, where: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new SyntaxError(`${where}: not valid JSON (${jsonSyntaxProblem(error)})`);
  }
}
