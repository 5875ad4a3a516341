import { z } from "zod";
import { createMiddleware } from "langchain";
import { ToolMessage, type BaseMessage } from "@langchain/core/messages";
import type { Channel } from "../event.js";
import type { ReconsGuard } from "../guard.js";
import { isGraphBubbleUp } from "@langchain/langgraph";
import { sanitizeError } from "./errors.js";
import { protectToolOptionsSchema, protectToolOutput, sanitizeMessageAware } from "./tools.js";

export const reconsMiddlewareOptionsSchema = protectToolOptionsSchema
  .pick({ resultFields: true, reversibleResults: true })
  .extend({
    /** Middleware name; its hooks become graph nodes `<name>.after_agent` etc. */
    name: z.string().min(1).default("recons"),
    /** Recipient name of the agent's model in the policy (every model call is a delivery to it). */
    model: z.string().min(1).default("model"),
    /** Recipient of the final state the agent returns (C1). */
    user: z.string().min(1).default("user"),
  });
export type ReconsMiddlewareOptions = z.input<typeof reconsMiddlewareOptionsSchema>;

/**
 * LangChain v1 `createAgent` middleware that conditions every delivery on its recipient:
 * - model calls (wrapModelCall): every message of the history and the system message, including
 *   `tool_calls[].args`, array content and tool results, is restored/sanitized for the model;
 * - tool calls (wrapToolCall): args for `tool:<name>` (C3); results for the model (C4), with the
 *   protected values a tool returns added to the vault;
 * - the final state (afterAgent): every message for the user (C1).
 */
export function reconsMiddleware(guard: ReconsGuard, options: ReconsMiddlewareOptions = {}) {
  const parsed = reconsMiddlewareOptionsSchema.parse(options);

  /** What `recipient` may see of one message: its real values where authorized, the rest protected. */
  const deliver = async (messages: BaseMessage[], recipient: string, channelOf: (message: BaseMessage) => Channel, resolution: "node-input" | "final-output") =>
    Promise.all(
      // The guard judges every string on its real values (surrogates restored first), so one call covers both.
      messages.map((message) => sanitizeMessageAware(guard, { channel: channelOf(message), recipient, resolution }, message)),
    );
  const modelChannel = (message: BaseMessage): Channel => (ToolMessage.isInstance(message) ? "C4" : "C2");

  return createMiddleware({
    name: parsed.name,
    wrapModelCall: async (request, handler) => {
      const [messages, [systemMessage]] = await Promise.all([
        deliver(request.messages, parsed.model, modelChannel, "node-input"),
        deliver([request.systemMessage], parsed.model, () => "C2", "node-input"),
      ]);
      return handler({ ...request, messages, systemMessage: systemMessage as typeof request.systemMessage });
    },
    wrapToolCall: async (request, handler) => {
      const recipient = `tool:${request.toolCall.name}`;
      const args = await sanitizeMessageAware(guard, { channel: "C3", recipient, resolution: "tool-call", sender: parsed.model }, request.toolCall.args);
      let result: Awaited<ReturnType<typeof handler>>;
      try {
        result = await handler({ ...request, toolCall: { ...request.toolCall, args } });
      } catch (error) {
        // A tool's own error may quote what it was given: it goes on to the agent's caller (or back to the model, which restores what it may see).
        throw isGraphBubbleUp(error) ? error : await sanitizeError(error, (content) => sanitizeMessageAware(guard, { channel: "C1", recipient: parsed.user, resolution: "final-output" }, content));
      }
      return (await protectToolOutput(guard, result, {
        tool: request.toolCall.name,
        caller: parsed.model,
        resultFields: parsed.resultFields,
        reversible: parsed.reversibleResults,
      })) as typeof result;
    },
    afterAgent: async (state) => ({
      // Same ids: the messages reducer replaces each message with the caller's view of it.
      messages: await deliver(state.messages, parsed.user, () => "C1", "final-output"),
    }),
  });
}
