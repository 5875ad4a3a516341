import { z } from "zod";
import { isBaseMessage, ToolMessage } from "@langchain/core/messages";
import type { ToolCall } from "@langchain/core/messages/tool";
import type { RunnableConfig } from "@langchain/core/runnables";
import type { StructuredToolInterface } from "@langchain/core/tools";
import { Command, isCommand, isGraphBubbleUp, Send } from "@langchain/langgraph";
import { ToolNode, type ToolNodeOptions } from "@langchain/langgraph/prebuilt";
import type { ObservableEvent } from "../event.js";
import { type ReconsGuard, type SanitizeOptions, assertGuard } from "../guard.js";
import type { DecisionListener } from "./audit.js";
import { sanitizeError } from "./errors.js";
import { fromPlain, toPlain } from "./messages.js";
import { isPlainRecord } from "../content.js";
import { parseConfig, type VaultValue } from "../policy/options.js";

/** Resolves the node a tool result is delivered to from the tool's run config. */
export type CallerResolver = (config: RunnableConfig | undefined) => string | undefined;

export const protectToolOptionsSchema = z.strictObject({
  /**
   * Recipient of tool results (C4): a node name, or a function of the run config. Default: the
   * running node, `config.metadata.langgraph_node` (for a ToolNode named `tools` that is `tools`:
   * name the agent here when the policy is written per agent). Unresolved = field-level policy.
   */
  caller: z.union([z.string().min(1), z.custom<CallerResolver>((value) => typeof value === "function")]).optional(),
  /**
   * Result keys that carry a protected field under another name (result key -> vault field). Keys
   * equal to a policy or vault field name are recognized without an entry here.
   */
  resultFields: z.record(z.string(), z.string().min(1)).default({}),
  /**
   * Protect results with reversible operations (FPE, pseudonyms, sealed placeholders), so a node
   * authorized later can get the real value back with `guard.restore`.
   */
  reversibleResults: z.boolean().default(true),
  /** Receives every decision on the tool's arguments (C3) and result (C4), e.g. `reconsTracing(...).onDecision`. */
  onDecision: z.custom<DecisionListener>((listener) => typeof listener === "function").optional(),
});
export type ProtectToolOptions = z.input<typeof protectToolOptionsSchema>;
type ParsedToolOptions = z.output<typeof protectToolOptionsSchema>;

/** One delivery before its content: the guard event's fields and who hears of its decisions. */
type EventFrame = Omit<ObservableEvent, "content"> & { listener?: DecisionListener };

/**
 * Wrap a LangChain tool so that (C3) its arguments are restored for and sanitized for the recipient
 * `tool:<name>` before it runs, and (C4) any protected value it returns is added to the vault and its
 * result is sanitized for the calling node. The wrapper inherits everything else from the tool
 * (name, schema, description), so agents bind and call it as the original.
 */
export function protectTool<T extends StructuredToolInterface>(tool: T, guard: ReconsGuard, options: ProtectToolOptions = {}): T {
  assertGuard(guard, "protectTool(tool, guard)");
  // Said here, not at the first call (round 14 walkthrough: `protectTool({})` failed only when run, `tool.invoke is not a function`).
  if (typeof tool !== "object" || tool === null || typeof tool.invoke !== "function" || typeof tool.name !== "string" || tool.name === "") {
    throw new TypeError("protectTool(tool, guard): tool must be a LangChain tool (a name and an invoke method), such as tool(...) or a StructuredTool");
  }
  const parsed = parseConfig(protectToolOptionsSchema, options, "protectTool options");
  const recipient = `tool:${tool.name}`;
  const protectedTool = Object.create(tool) as T;
  const invoke = async (input: unknown, config?: RunnableConfig): Promise<unknown> => {
    const call = isToolCall(input) ? input : undefined;
    const args = call ? call.args : input;
    const caller = callerOf(parsed, config);
    const frame: EventFrame = { channel: "C3", recipient, resolution: "tool-call", sender: caller, listener: parsed.onDecision };
    const safeArgs = await sanitizeMessageAware(guard, frame, args);
    let output: unknown;
    try {
      output = await tool.invoke(call ? { ...call, args: safeArgs as Record<string, unknown> } : (safeArgs as never), config);
    } catch (error) {
      // Its error (a lookup failing on the SSN it was given, a schema error holding the args) goes to the caller: a ToolMessage in a ToolNode.
      if (isGraphBubbleUp(error)) throw error;
      const resultFrame: EventFrame = { channel: "C4", recipient: caller, resolution: "tool-result", sender: recipient, listener: parsed.onDecision };
      throw await sanitizeError(error, (content) => sanitizeMessageAware(guard, resultFrame, content));
    }
    return protectToolOutput(guard, output, {
      tool: tool.name,
      caller,
      resultFields: parsed.resultFields,
      reversible: parsed.reversibleResults,
      onDecision: parsed.onDecision,
    });
  };
  Object.defineProperty(protectedTool, "invoke", { value: invoke, enumerable: false });
  // The deprecated `call` would reach the original through the prototype.
  Object.defineProperty(protectedTool, "call", { value: (arg: unknown, config?: RunnableConfig) => invoke(arg, config), enumerable: false });
  return protectedTool;
}

/** A prebuilt `ToolNode` whose tools are all wrapped with `protectTool`. */
export function protectedToolNode(
  tools: StructuredToolInterface[],
  guard: ReconsGuard,
  options: ProtectToolOptions & { toolNode?: ToolNodeOptions } = {},
): ToolNode {
  const { toolNode, ...toolOptions } = options;
  return new ToolNode(
    tools.map((tool) => protectTool(tool, guard, toolOptions)),
    toolNode,
  );
}

export interface ToolOutputContext {
  tool: string;
  /** Recipient of the result; undefined = field-level policy. */
  caller: string | undefined;
  resultFields: Record<string, string>;
  reversible: boolean;
  onDecision?: DecisionListener;
}

const RESULT_WITHHELD = "[REDACTED:tool-result-unprotectable]";

/**
 * C4: register the protected values a tool returned, then sanitize its output (a ToolMessage, a
 * Command, or a raw value) for the caller. If protection fails the result is withheld, never passed raw.
 */
export async function protectToolOutput(guard: ReconsGuard, output: unknown, context: ToolOutputContext): Promise<unknown> {
  const frame: EventFrame = { channel: "C4", recipient: context.caller, resolution: "tool-result", sender: `tool:${context.tool}`, listener: context.onDecision };
  const options: SanitizeOptions = { reversible: context.reversible };
  try {
    registerResultFields(guard, structuredView(output), context.resultFields);
    if (isCommand(output)) {
      const update = await sanitizeMessageAware(guard, frame, output.update, options);
      // A Send in goto hands its args to another node: sanitized for that node.
      const goto = await Promise.all(
        (output.goto as Array<string | Send>).map(async (target) =>
          target instanceof Send ? new Send(target.node, await sanitizeMessageAware(guard, { ...frame, recipient: target.node, resolution: "send" }, target.args, options)) : target,
        ),
      );
      return new Command({ update, goto, graph: output.graph, resume: output.resume });
    }
    return await sanitizeMessageAware(guard, frame, output, options);
  } catch {
    return withheld(output);
  }
}

function withheld(output: unknown): unknown {
  if (isBaseMessage(output) && ToolMessage.isInstance(output)) {
    return new ToolMessage({ content: RESULT_WITHHELD, tool_call_id: output.tool_call_id, name: output.name, status: "error" });
  }
  return RESULT_WITHHELD;
}

/** What a tool writes where it has nothing (`unknown`, `N/A`, `none`, `-`): no value of the field, and registered it would be protected in every text. */
const NO_VALUE = /^(?:unknown|none|null|undefined|nil|n\/?a|na|tbd|tba|pending|redacted|not (?:available|applicable|provided|specified|found|on file)|-+|\?+|\.+)$/i;
/** A placeholder RECONS wrote (`[REDACTED:ssn]`, `[REDACTED:text#...]`): no value either. */
const PLACEHOLDER = /\[REDACTED:[^\]]*\]/;

/**
 * Add to the vault every value found under a key that names a protected field (a policy or vault
 * field, or a `resultFields` alias), at any depth: scalars, lists of scalars and flat records of them.
 * A surrogate the tool echoes back (the args it was given) is registered as the real value it stands
 * for, which the vault holds already; booleans, placeholders and words for no value are not registered.
 */
export function registerResultFields(guard: ReconsGuard, value: unknown, resultFields: Record<string, string>): void {
  const known = new Set([...Object.keys(guard.policy.fields), ...guard.vault.entries().map((entry: { field: string }) => entry.field)]);
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      node.forEach(visit);
      return;
    }
    if (node === null || typeof node !== "object") return;
    for (const [key, item] of Object.entries(node)) {
      const field = resultFields[key] ?? (known.has(key) ? key : undefined);
      if (field === undefined || !isVaultable(item)) visit(item);
      else {
        const real = withoutNoValues(guard.revealAll(item));
        if (real !== undefined) guard.vault.add(field, real);
      }
    }
  };
  visit(value);
}

type Scalar = string | number | boolean;

function isScalar(value: unknown): value is Scalar {
  return (typeof value === "string" && value.length > 0) || typeof value === "number" || typeof value === "boolean";
}

function isScalarList(value: unknown): value is Scalar[] {
  return Array.isArray(value) && value.length > 0 && value.every(isScalar);
}

/** `value` without booleans, placeholders and words for no value (in a list or record, those items left out); undefined when nothing is left. */
function withoutNoValues(value: VaultValue): VaultValue | undefined {
  const keeps = (item: Scalar): boolean => typeof item === "number" || (typeof item === "string" && !NO_VALUE.test(item.trim()) && !PLACEHOLDER.test(item));
  const kept = (item: Scalar | Scalar[]): Scalar | Scalar[] | undefined => {
    if (!Array.isArray(item)) return keeps(item) ? item : undefined;
    const items = item.filter(keeps);
    return items.length > 0 ? items : undefined;
  };
  if (isScalar(value) || Array.isArray(value)) return kept(value as Scalar | Scalar[]);
  const entries = Object.entries(value as Record<string, Scalar | Scalar[]>).flatMap(([key, item]) => {
    const left = kept(item);
    return left === undefined ? [] : [[key, left] as const];
  });
  return entries.length > 0 ? (Object.fromEntries(entries) as VaultValue) : undefined;
}

/** What the vault takes: a scalar, a list of scalars, or a flat record of those (an address, a compensation dict). */
function isVaultable(value: unknown): value is VaultValue {
  if (isScalar(value) || isScalarList(value)) return true;
  if (!isPlainRecord(value)) return false;
  const items = Object.values(value);
  return items.length > 0 && items.every((item) => isScalar(item) || isScalarList(item));
}

/**
 * What a tool returned, with its messages' JSON content and artifacts parsed (in a Command's update
 * too, records or `[key, value]` tuples), so that the keys of a found record name its fields.
 */
function structuredView(output: unknown): unknown {
  if (isCommand(output)) return structuredView(output.update);
  if (isBaseMessage(output)) return [parseStructured(output.content), parseStructured((output as { artifact?: unknown }).artifact)];
  if (Array.isArray(output)) return output.map(structuredView);
  if (isPlainRecord(output)) {
    return Object.fromEntries(Object.entries(output).map(([key, value]) => [key, structuredView(value)]));
  }
  return parseStructured(output);
}

/** Tool results usually arrive as JSON text, alone or in text blocks; a structured view lets their keys name fields. */
function parseStructured(value: unknown): unknown {
  if (Array.isArray(value)) return value.map((block: unknown) => (isTextBlock(block) ? parseStructured(block.text) : parseStructured(block)));
  if (typeof value !== "string" || !/^\s*[[{]/.test(value)) return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

/**
 * Sanitize every string of `value` for the event's recipient, keeping LangChain messages real
 * messages. Surrogates of earlier hops in `value` come back as real values where the recipient is
 * authorized (the guard judges each string on its real values), so no separate restore is needed.
 */
export async function sanitizeMessageAware<T>(guard: ReconsGuard, frame: EventFrame, value: T, options: SanitizeOptions = {}): Promise<T> {
  const { listener, ...event } = frame;
  const result = await guard.sanitize({ ...event, content: toPlain(value) }, options);
  if (listener) {
    // The boundary is the recipient's: a tool's arguments, the calling node's result, the caller's output.
    const boundary = { node: event.recipient ?? "unresolved", stage: event.channel === "C1" ? "output" : "input" } as const;
    for (const decision of result.decisions) listener({ ...decision, ...boundary });
  }
  return fromPlain(value, result.content);
}

function isTextBlock(block: unknown): block is { type: "text"; text: string } {
  return typeof block === "object" && block !== null && (block as { type?: unknown }).type === "text" && typeof (block as { text?: unknown }).text === "string";
}

function isToolCall(input: unknown): input is ToolCall {
  return typeof input === "object" && input !== null && (input as ToolCall).type === "tool_call" && "args" in input;
}

function callerOf(options: ParsedToolOptions, config: RunnableConfig | undefined): string | undefined {
  if (typeof options.caller === "string") return options.caller;
  if (options.caller) return options.caller(config);
  const node = config?.metadata?.langgraph_node;
  return typeof node === "string" ? node : undefined;
}
