/**
 * RECONS on a plain LangGraph StateGraph: the three marked lines are all it takes.
 * Run: npx tsx examples/plain-stategraph.ts
 */
import { AIMessage, HumanMessage } from "@langchain/core/messages";
import { END, MessagesAnnotation, START, StateGraph } from "@langchain/langgraph";
import { createRecons, withRecons } from "../src/index.js";

/** What each agent was given, so the demo can show it. */
export type Transcript = Record<string, string>;

export async function runPlainStateGraph(): Promise<{ transcript: Transcript; answer: string }> {
  const transcript: Transcript = {};
  const agent = (name: string) => (state: typeof MessagesAnnotation.State) => {
    transcript[name] = String(state.messages[0].content);
    return { messages: [new AIMessage({ content: `${name} done`, name })] };
  };
  const builder = new StateGraph(MessagesAnnotation)
    .addNode("intake", agent("intake"))
    .addNode("doctor", agent("doctor"))
    .addNode("billing", agent("billing"))
    .addEdge(START, "intake")
    .addEdge("intake", "doctor")
    .addEdge("doctor", "billing")
    .addEdge("billing", END);

  // RECONS: a guard with the protected values and who may see them, then wrap the graph.
  const guard = createRecons({
    vault: { ssn: "123-45-6789", patient: "Maria Gonzalez", diagnosis: "type 2 diabetes" },
    policy: {
      fields: {
        ssn: { valueType: "format", kind: "ssn", authorized: ["billing"] },
        patient: { valueType: "value", kind: "name", authorized: ["doctor", "billing", "user"] },
        diagnosis: { valueType: "contextual", kind: "text", authorized: ["doctor"] },
      },
    },
  });
  const graph = withRecons(builder, guard).compile();

  const result = await graph.invoke({
    messages: [new HumanMessage("Maria Gonzalez, SSN 123-45-6789, was diagnosed with type 2 diabetes.")],
  });
  return { transcript, answer: String(result.messages[0].content) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { transcript, answer } = await runPlainStateGraph();
  for (const [node, received] of Object.entries(transcript)) console.log(`${node.padEnd(8)} received: ${received}`);
  console.log(`user     received: ${answer}`);
}
