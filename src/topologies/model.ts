import { z } from "zod";
import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { ChatOpenAI } from "@langchain/openai";
import { ScriptedAgentModel } from "../agents/scripted-model.js";
import { parseConfig } from "../policy/options.js";

export const defaultModelOptionsSchema = z.strictObject({
  /** Seed of the scripted model (ignored by a real model). */
  seed: z.union([z.string(), z.number()]).default(0),
  /** Environment read for the real model: OPENAI_BASE_URL, OPENAI_API_KEY, OPENAI_MODEL. */
  env: z.record(z.string(), z.string().optional()).default(() => process.env),
  /** Model name when OPENAI_MODEL is not set. */
  modelName: z.string().min(1).default("gpt-4o-mini"),
});
export type DefaultModelOptions = z.input<typeof defaultModelOptionsSchema>;

/** Local OpenAI-compatible servers (vLLM, Ollama, llama.cpp) accept any key. */
const PLACEHOLDER_KEY = "not-needed";

/**
 * The agents' model: `ChatOpenAI` (temperature 0) when OPENAI_BASE_URL and/or OPENAI_API_KEY is
 * set (OpenAI, or any OpenAI-compatible server), else the embedded deterministic
 * `ScriptedAgentModel`.
 */
export function defaultModel(options: DefaultModelOptions = {}): BaseChatModel {
  const { seed, env, modelName } = parseConfig(defaultModelOptionsSchema, options, "default model options");
  const baseURL = env.OPENAI_BASE_URL || undefined;
  const apiKey = env.OPENAI_API_KEY || undefined;
  if (!baseURL && !apiKey) return new ScriptedAgentModel({ seed });
  return new ChatOpenAI({
    model: env.OPENAI_MODEL || modelName,
    temperature: 0,
    apiKey: apiKey ?? PLACEHOLDER_KEY,
    configuration: { baseURL },
  });
}
