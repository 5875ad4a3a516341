/**
 * JSON errors that say where a text stops being JSON without quoting it: Node's parser quotes the
 * characters around the fault, and a corpus, trace or label line may hold protected values there.
 */
import { parseTree, type ParseError } from "jsonc-parser";

/** The fault of a JSON.parse error on `text` as a position, never as the text around it. */
export function jsonSyntaxProblem(error: unknown, text: string): string {
  const message = error instanceof Error ? error.message : "";
  if (/end of (JSON|data)/i.test(message)) return "the text ends before the JSON does";
  const position = /position (\d+)/.exec(message);
  // V8 gives no position for an unexpected token: jsonc-parser (strict: no comments, no trailing commas) finds it.
  const offset = position ? Number(position[1]) : firstFaultOffset(text);
  return offset === undefined ? "syntax error" : `syntax error at character ${offset + 1}`;
}

function firstFaultOffset(text: string): number | undefined {
  const errors: ParseError[] = [];
  parseTree(text, errors, { disallowComments: true, allowTrailingComma: false });
  return errors[0]?.offset;
}

/** `JSON.parse(text)`, or a SyntaxError naming `where` and the fault's position. */
export function parseJson(text: string, where: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new SyntaxError(`${where}: not valid JSON (${jsonSyntaxProblem(error, text)})`);
  }
}
