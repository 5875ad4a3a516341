import { describe, it } from "vitest";
import fc from "fast-check";
import { AIMessage, HumanMessage } from "@langchain/core/messages";
import type { RunnableConfig } from "@langchain/core/runnables";
import { END, MessagesAnnotation, START, StateGraph } from "@langchain/langgraph";
import { withRecons } from "../../src/langgraph/index.js";
import { expectProtected, makeGuard, Recorder, type Authorizations, type Field } from "./fixtures.js";

const POOLS: Record<Field, string[]> = {
  ssn: ["536-22-8726", "301-44-1290", "622-19-3847"],
  patient_name: ["Octavia Brennerman", "Thaddeus Quimby", "Rupert Okonkwo"],
  email: ["obrenner@example.org", "tquimby@clinic.example", "rokonkwo@mail.example"],
  diagnosis: ["type 2 diabetes", "chronic kidney disease", "major depressive disorder"],
};
const FIELDS = Object.keys(POOLS) as Field[];
const STEPS = 6;

const scenario = fc.integer({ min: 3, max: 10 }).chain((size) => {
  const node = fc.integer({ min: 0, max: size - 1 });
  return fc.record({
    size: fc.constant(size),
    edges: fc.array(fc.array(node, { minLength: 1, maxLength: 3 }), { minLength: size, maxLength: size }),
    authorized: fc.record(Object.fromEntries(FIELDS.map((field) => [field, fc.subarray([...Array(size).keys()])])) as Record<Field, fc.Arbitrary<number[]>>),
    vault: fc.record(Object.fromEntries(FIELDS.map((field) => [field, fc.constantFrom(...POOLS[field])])) as Record<Field, fc.Arbitrary<string>>),
    order: fc.shuffledSubarray(FIELDS, { minLength: 1 }),
    prefix: fc.constantFrom("Record:", "Please review", "Forwarding for"),
  });
});

describe("random graphs", () => {
  it("no node receives a value it is not authorized for; authorized nodes get the real value", async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async ({ size, edges, authorized, vault, order, prefix }) => {
        const names = [...Array(size).keys()].map((index) => `agent_${index}`);
        const policy: Authorizations = Object.fromEntries(FIELDS.map((field) => [field, authorized[field].map((index) => names[index])]));
        const recorder = new Recorder();
        const graph = new StateGraph(MessagesAnnotation) as unknown as StateGraph<typeof MessagesAnnotation.spec, typeof MessagesAnnotation.State, typeof MessagesAnnotation.Update, string>;
        for (const name of names) {
          graph.addNode(name, (state: typeof MessagesAnnotation.State, config: RunnableConfig) => {
            recorder.record(config.metadata?.langgraph_node as string, state);
            return { messages: [new AIMessage({ content: `${name} relays: ${String(state.messages.at(-1)?.content)}`, name })] };
          });
        }
        graph.addEdge(START, names[0]);
        names.forEach((name, index) => {
          // The ring edge keeps every node reachable (LangGraph rejects unreachable nodes); the rest is random.
          const targets = [...new Set([...edges[index], (index + 1) % size])].map((target) => names[target]);
          graph.addConditionalEdges(name, (state) => (state.messages.length > STEPS ? END : targets[state.messages.length % targets.length]), [...targets, END]);
        });
        const text = `${prefix} ${order.map((field) => `${field.replace("_", " ")} ${vault[field]}`).join(", ")}.`;
        await withRecons(graph, makeGuard(policy, vault), { finalOutput: false })
          .compile()
          .invoke({ messages: [new HumanMessage(text)] });
        const mustSee = Object.fromEntries(
          [...recorder.nodes()].map((node) => [node, order.filter((field) => policy[field]?.includes(node))]),
        );
        expectProtected(recorder, policy, mustSee, vault);
      }),
      { numRuns: 25, seed: 20240611 },
    );
  });
});
