import { createHash } from "node:crypto";
import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import type { BaseMessageLike } from "@langchain/core/messages";
import { z } from "zod";
import { withDeadline } from "../deadline.js";

/** Any LangChain chat model with structured output (ChatOpenAI for vLLM/Ollama, ChatAnthropic, ...). */
export const structuredChatModelSchema = z.custom<BaseChatModel>((m) => typeof (m as BaseChatModel)?.withStructuredOutput === "function", {
  message: "model must be a LangChain chat model with withStructuredOutput",
});

/** Structured-output method; unset lets the model pick (ChatOpenAI: json_schema response_format). */
export const structuredMethodSchema = z.enum(["jsonSchema", "functionCalling", "jsonMode"]).optional();
export type StructuredMethod = NonNullable<z.infer<typeof structuredMethodSchema>>;

/** Short sha256 of a frozen prompt: recorded in every verdict so a decision names the exact prompt it came from. */
export function promptHash(...parts: string[]): string {
  return createHash("sha256").update(parts.join("\u0000")).digest("hex").slice(0, 12);
}

export function sha256(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

/** Scoring and rewriting must be reproducible: refuse a model configured to sample. */
export function requireZeroTemperature(model: BaseChatModel, role: string): void {
  if (!("temperature" in model)) return;
  const temperature = (model as { temperature?: unknown }).temperature;
  if (temperature !== 0) {
    throw new Error(`${role} model must be created with temperature: 0 (got ${String(temperature)})`);
  }
}

/**
 * One structured call with a hard deadline: the request is aborted and the promise rejects on
 * timeout, HTTP error, or output that does not parse against `schema` (callers fail closed).
 */
export async function callStructured<S extends z.ZodType>(
  model: BaseChatModel,
  schema: S,
  options: { name: string; method?: StructuredMethod; timeoutMs: number },
  messages: BaseMessageLike[],
): Promise<z.infer<S>> {
  const runnable = model.withStructuredOutput(schema, { name: options.name, method: options.method });
  const controller = new AbortController();
  const output = await withDeadline(runnable.invoke(messages, { signal: controller.signal }).catch(malformedAs(options.name)), options.timeoutMs, () => {
    const error = new Error(`${options.name}: model call timed out after ${options.timeoutMs} ms`);
    controller.abort(error);
    return error;
  });
  // Parsers of some methods return raw JSON without schema validation: validate here too.
  const parsed = schema.safeParse(output);
  if (!parsed.success) throw new Error(`${options.name}: malformed model output (${parsed.error.issues.map((issue) => issue.path.join(".") || "output").join(", ")} not as asked)`);
  return parsed.data;
}

/** An answer that is not the requested JSON, named so and not quoted (the model may have echoed a protected value). */
function malformedAs(name: string): (error: unknown) => never {
  return (error) => {
    if (error instanceof SyntaxError || (error instanceof Error && /OutputParser|parse/i.test(`${error.name} ${error.message}`))) {
      throw new Error(`${name}: malformed model output (not the requested JSON)`);
    }
    throw error;
  };
}
