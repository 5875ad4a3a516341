import { HumanMessage, type BaseMessage } from "@langchain/core/messages";
import type { RunnableConfig } from "@langchain/core/runnables";
import { END, MessagesAnnotation, START, StateGraph } from "@langchain/langgraph";
import { createRecons, type ReconsGuard } from "../../src/guard.js";
import { withRecons } from "../../src/langgraph/index.js";
import type { DecisionListener } from "../../src/langgraph/audit.js";
import type { ObservedDelivery } from "../../src/langsmith/evaluators.js";
import { ScriptedChatModel } from "./scripted-chat-model.js";
import { leakedFields } from "./leaks.js";
import type { LangSmithRecordingServer } from "./langsmith-server.js";

import { RECORD_TEXT, VAULT } from "../langgraph/fixtures.js";

export { RECORD_TEXT, VAULT };
export const SECRET = "langsmith-test-secret-never-sent";

/** CW-7: a coordinator and six workers; w4-w6 were introduced by the topology. */
export const COORDINATOR = "coordinator";
export const WORKERS = ["w1", "w2", "w3", "w4", "w5", "w6"] as const;
export const INTRODUCED = new Set(["w4", "w5", "w6"]);
const AUTHORIZED: Record<keyof typeof VAULT, string[]> = {
  ssn: ["w1"],
  patient_name: [COORDINATOR, "w1", "w2"],
  email: ["w3"],
  diagnosis: ["w2"],
};
const SHAPES = {
  ssn: { valueType: "format", kind: "ssn" },
  patient_name: { valueType: "value", kind: "name" },
  email: { valueType: "format", kind: "email" },
  diagnosis: { valueType: "contextual", kind: "text" },
} as const;

export function makeGuard(secret = SECRET): ReconsGuard {
  const fields = Object.fromEntries(Object.entries(SHAPES).map(([field, shape]) => [field, { ...shape, authorized: AUTHORIZED[field as keyof typeof VAULT] }]));
  const positions = Object.fromEntries([COORDINATOR, ...WORKERS].map((node) => [node, INTRODUCED.has(node) ? "introduced" : "original"]));
  return createRecons({ secret, vault: VAULT, policy: { fields, positions: { ...positions, user: "original" } } });
}

function textOf(message: BaseMessage | undefined): string {
  return typeof message?.content === "string" ? message.content : JSON.stringify(message?.content ?? "");
}

/** What each node received (the last message of its input), by node. */
export type Received = Map<string, string>;

/** The star graph on scripted models that repeat what they read; `guard` protects it with RECONS. */
export function buildStarGraph(options: { guard?: ReconsGuard; onDecision?: DecisionListener; received: Received }) {
  const agent = (name: string) => {
    const model = new ScriptedChatModel(name, [(messages) => ({ content: `${name} noted: ${textOf(messages[messages.length - 1])}` })]);
    return async (state: typeof MessagesAnnotation.State, config: RunnableConfig) => {
      options.received.set(name, textOf(state.messages[state.messages.length - 1]));
      return { messages: [await model.invoke(state.messages, config)] };
    };
  };
  const builder = new StateGraph(MessagesAnnotation).addNode(COORDINATOR, agent(COORDINATOR)).addEdge(START, COORDINATOR);
  for (const worker of WORKERS) builder.addNode(worker, agent(worker)).addEdge(COORDINATOR, worker).addEdge(worker, END);
  if (options.guard) withRecons(builder, options.guard, { onDecision: options.onDecision });
  return builder.compile();
}

export const starInput = () => ({ messages: [new HumanMessage(RECORD_TEXT)] });

/** A value nested past the langsmith anonymizer's default depth (10). */
export function deeplyNested(depth: number, leaf: string): Record<string, unknown> {
  let value: Record<string, unknown> = { leaf };
  for (let level = 0; level < depth; level++) value = { [`level${level}`]: value };
  return value;
}

/** Run the star twice (without and with RECONS) and pair what every node received. */
export async function observeStar(guard: ReconsGuard, config: RunnableConfig = {}): Promise<ObservedDelivery[]> {
  const original: Received = new Map();
  const delivered: Received = new Map();
  await buildStarGraph({ received: original }).invoke(starInput());
  await buildStarGraph({ guard, received: delivered }).invoke(starInput(), config);
  return [...original].map(([node, text]) => ({
    channel: "C2",
    recipient: node,
    position: INTRODUCED.has(node) ? "introduced" : "original",
    original: text,
    delivered: delivered.get(node) ?? "",
  }));
}

/**
 * Vault fields found anywhere the server received: raw bytes (verbatim), decoded bodies and every
 * JSON string literal unescaped, with a fresh guard (same vault, other keys) and verbatim matching.
 */
export function leaksIn(server: LangSmithRecordingServer, fresh: ReconsGuard = makeGuard("fresh-scanner-secret")): string[] {
  const text = server.receivedText();
  const literals = (text.match(/"(?:[^"\\]|\\.)*"/g) ?? []).map((literal) => {
    try {
      return String(JSON.parse(literal));
    } catch {
      return literal;
    }
  });
  const found = new Set([text, server.receivedBytes().toString("latin1"), ...literals].flatMap((part) => leakedFields(fresh, part)));
  if (server.receivedBytes().includes(SECRET)) found.add("secret");
  return [...found].sort();
}
