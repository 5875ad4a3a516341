/**
 * RECONS on a LangChain v1 `createAgent`: `reconsMiddleware` conditions what the model and each
 * tool receive, `withRecons` what the caller gets back (streams and state too). Offline: a small
 * scripted chat model stands in for the LLM, and it repeats everything it was shown, as a leaky
 * model would. Run: npx tsx examples/create-agent.ts
 */
import { createAgent } from "langchain";
import { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { AIMessage, HumanMessage, type BaseMessage } from "@langchain/core/messages";
import type { ChatResult } from "@langchain/core/outputs";
import { tool } from "@langchain/core/tools";
import { z } from "zod";
import { createRecons, reconsMiddleware, withRecons } from "../src/index.js";

/** First looks the patient up by the SSN it was shown, then answers with everything it has read. */
class RepeatingModel extends BaseChatModel {
  /** Every prompt the model was given, as text. */
  readonly prompts: string[] = [];

  _llmType(): string {
    return "repeating";
  }

  override bindTools(): this {
    return this;
  }

  async _generate(messages: BaseMessage[]): Promise<ChatResult> {
    const prompt = messages.map((message) => String(message.content)).join("\n");
    this.prompts.push(prompt);
    const ssn = /\d{3}-\d{2}-\d{4}/.exec(prompt)?.[0] ?? "unknown";
    const message =
      this.prompts.length === 1
        ? new AIMessage({ content: "", tool_calls: [{ name: "lookup_patient", args: { ssn }, id: "lookup-1", type: "tool_call" }] })
        : new AIMessage(`Summary of what I read:\n${prompt}`);
    return { generations: [{ text: String(message.content), message }] };
  }
}

export async function runCreateAgent(): Promise<{ prompts: string[]; toolReceived: string[]; answer: string }> {
  const toolReceived: string[] = [];
  const lookupPatient = tool(
    async ({ ssn }) => {
      toolReceived.push(ssn);
      return JSON.stringify({ ssn, diagnosis: "type 2 diabetes" });
    },
    { name: "lookup_patient", description: "The patient's record, by SSN", schema: z.object({ ssn: z.string() }) },
  );

  // RECONS: who may see what (the model is recipient `model`, the tool `tool:lookup_patient`, the caller `user`).
  const guard = createRecons({
    vault: { ssn: "123-45-6789", patient: "Maria Gonzalez" },
    policy: {
      fields: {
        ssn: { authorized: ["tool:lookup_patient"] },
        patient: { authorized: ["model", "user"] },
        // Not in the vault yet: the tool returns it under this key, and it is protected from then on.
        diagnosis: { authorized: [] },
      },
    },
  });
  const model = new RepeatingModel({});
  const agent = withRecons(createAgent({ model, tools: [lookupPatient], middleware: [reconsMiddleware(guard)] }), guard);

  const result = await agent.invoke({ messages: [new HumanMessage("Look up Maria Gonzalez, SSN 123-45-6789, and summarize her record.")] });
  return { prompts: model.prompts, toolReceived, answer: String(result.messages.at(-1)?.content) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { prompts, toolReceived, answer } = await runCreateAgent();
  prompts.forEach((prompt, index) => console.log(`model call ${index + 1} received:\n${prompt}\n`));
  console.log(`tool lookup_patient received ssn: ${toolReceived.join(", ")}\n`);
  console.log(`user received:\n${answer}`);
}
