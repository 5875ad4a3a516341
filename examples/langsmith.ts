/**
 * Trace a RECONS-protected LangGraph graph to LangSmith: sanitized payloads, decisions as runs.
 *
 * Real LangSmith:  LANGSMITH_API_KEY=lsv2_... LANGSMITH_PROJECT=recons-demo npx tsx examples/langsmith.ts
 * Self-hosted or offline: also set LANGSMITH_ENDPOINT (any LangSmith-compatible endpoint, e.g. the
 * recording server of test/helpers/langsmith-server.ts).
 */
import { pathToFileURL } from "node:url";
import { AIMessage, HumanMessage } from "@langchain/core/messages";
import { END, MessagesAnnotation, START, StateGraph } from "@langchain/langgraph";
import { createRecons, reconsTracing, withRecons } from "../src/index.js";

/** A bank customer's values, who may read each in clear, and how to protect it otherwise. */
export const EXAMPLE_VAULT = { iban: "DE89 3704 0044 0532 0130 00", customer: "Ada Lovelace", complaint: "missed mortgage payments" };
const READERS: Record<keyof typeof EXAMPLE_VAULT, string[]> = { iban: ["payments"], customer: ["advisor", "payments", "user"], complaint: ["advisor"] };
const SHAPES = { iban: { valueType: "format", kind: "iban" }, customer: { valueType: "value", kind: "name" }, complaint: { valueType: "contextual", kind: "text" } } as const;
// Nobody names `langsmith`: it is authorized for nothing, so traces carry no raw value.
export const EXAMPLE_GUARD_OPTIONS = {
  vault: EXAMPLE_VAULT,
  policy: { fields: Object.fromEntries(Object.entries(READERS).map(([field, authorized]) => [field, { ...SHAPES[field as keyof typeof SHAPES], authorized }])) },
};

export async function traceProtectedGraph(): Promise<{ project: string; blocked: number }> {
  const project = process.env.LANGSMITH_PROJECT ?? "recons-demo";
  const guard = createRecons(EXAMPLE_GUARD_OPTIONS);
  // The client comes from LANGSMITH_ENDPOINT / LANGSMITH_API_KEY; pass `client` to reuse your own.
  const tracing = reconsTracing(guard, { projectName: project });

  const agent = (name: string) => (state: typeof MessagesAnnotation.State) => ({
    messages: [new AIMessage({ content: `${name} read: ${String(state.messages[state.messages.length - 1].content)}`, name })],
  });
  // Intake fans out to the advisor and to payments: each gets only what it may see.
  const builder = new StateGraph(MessagesAnnotation).addNode("intake", agent("intake")).addEdge(START, "intake");
  for (const name of ["advisor", "payments"]) builder.addNode(name, agent(name)).addEdge("intake", name).addEdge(name, END);
  const graph = withRecons(builder, guard, { onDecision: tracing.onDecision }).compile();

  await graph.invoke(
    { messages: [new HumanMessage(`${EXAMPLE_VAULT.customer} (IBAN ${EXAMPLE_VAULT.iban}) complains about ${EXAMPLE_VAULT.complaint}.`)] },
    { callbacks: tracing.callbacks, runName: "customer intake" },
  );
  await tracing.flush();
  return { project, blocked: tracing.blocked.length };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  if (!process.env.LANGSMITH_API_KEY && !process.env.LANGSMITH_ENDPOINT) {
    // The client would retry for minutes and send nothing: say so instead of claiming a trace.
    console.error("Set LANGSMITH_API_KEY (LangSmith) or LANGSMITH_ENDPOINT (a self-hosted or LangSmith-compatible endpoint) first.");
    process.exit(1);
  }
  const { project, blocked } = await traceProtectedGraph();
  console.log(`Traced to project "${project}". Requests refused by the backstop: ${blocked}.`);
}
