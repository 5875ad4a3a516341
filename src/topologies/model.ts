import { connect } from "node:net";
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

/** OpenAI's own endpoint, which ChatOpenAI calls when OPENAI_BASE_URL is unset. */
const OPENAI_URL = "https://api.openai.com/v1";
/** How long a TCP connection to the model's endpoint may take before it counts as unreachable. */
const CONNECT_TIMEOUT_MS = 5_000;

/**
 * Resolves once a TCP connection to the real model's endpoint opens, else rejects naming the URL:
 * ChatOpenAI retries a refused connection for minutes and then says only `Connection error.`.
 * A bare connection, no request: an OpenAI-compatible server sees nothing it would answer.
 */
export async function ensureModelEndpointReachable(env: Record<string, string | undefined> = process.env): Promise<void> {
  const url = new URL(env.OPENAI_BASE_URL || OPENAI_URL);
  const port = Number(url.port || (url.protocol === "https:" ? 443 : 80));
  const host = url.hostname.replace(/^\[|\]$/g, "");
  await new Promise<void>((resolve, reject) => {
    const socket = connect({ host, port, timeout: CONNECT_TIMEOUT_MS });
    const fail = (reason: string) => {
      socket.destroy();
      reject(new Error(`the model endpoint ${url.href} (OPENAI_BASE_URL) is unreachable: ${reason}`));
    };
    socket.once("connect", () => {
      socket.destroy();
      resolve();
    });
    socket.once("timeout", () => fail(`no connection within ${CONNECT_TIMEOUT_MS / 1000} s`));
    socket.once("error", (error: NodeJS.ErrnoException) => fail(error.code ?? error.message));
  });
}
