import { AIMessage, HumanMessage } from "@langchain/core/messages";
import { END, MessagesAnnotation, START, StateGraph } from "@langchain/langgraph";
import { performance } from "node:perf_hooks";
import { createRecons } from "../src/guard.js";
import { withRecons } from "../src/langgraph/index.js";

export interface LangGraphOverhead {
  /** Median wall time of one run without / with RECONS, milliseconds. */
  plainMs: number;
  reconsMs: number;
  /** reconsMs / plainMs: the goal is <= 1.05. */
  ratio: number;
}

const PEERS = 10;
const STEPS = 20;
const RECORD = "Patient Maria Gonzalez, SSN 123-45-6789, email maria.gonzalez@example.com, diagnosed with type 2 diabetes.";

/** A fully connected 10-node peer graph of scripted agents that relay the last message for 20 steps. */
function peerGraph() {
  const names = Array.from({ length: PEERS }, (_, index) => `peer_${index}`);
  const builder = new StateGraph(MessagesAnnotation) as unknown as StateGraph<
    typeof MessagesAnnotation.spec,
    typeof MessagesAnnotation.State,
    typeof MessagesAnnotation.Update,
    string
  >;
  for (const name of names) {
    builder.addNode(name, (state: typeof MessagesAnnotation.State) => ({
      messages: [new AIMessage({ content: `${name}: ${String(state.messages.at(-1)?.content)}`, name })],
    }));
    builder.addConditionalEdges(name, (state) => (state.messages.length > STEPS ? END : names[(state.messages.length * 7) % PEERS]), [...names, END]);
  }
  builder.addEdge(START, names[0]);
  return builder;
}

/** Median wall time of each run, alternating the two so machine load hits both alike. */
async function medianMs(runs: Array<() => Promise<unknown>>, rounds: number): Promise<number[]> {
  for (const run of runs) await run();
  const samples = runs.map(() => [] as number[]);
  for (let round = 0; round < rounds; round++) {
    for (const [index, run] of runs.entries()) {
      const start = performance.now();
      await run();
      samples[index].push(performance.now() - start);
    }
  }
  return samples.map((times) => times.sort((a, b) => a - b)[Math.floor(times.length / 2)]);
}

/** Wall time of the same peer graph with and without RECONS, measured in the same process. */
export async function measureLangGraphOverhead(rounds = 30): Promise<LangGraphOverhead> {
  const guard = createRecons({
    secret: "bench",
    vault: { ssn: "123-45-6789", patient: "Maria Gonzalez", email: "maria.gonzalez@example.com", diagnosis: "type 2 diabetes" },
    policy: {
      fields: {
        ssn: { valueType: "format", kind: "ssn", authorized: ["peer_1", "peer_4"] },
        patient: { valueType: "value", kind: "name", authorized: ["peer_0", "peer_2", "peer_3"] },
        email: { valueType: "format", kind: "email", authorized: ["peer_5"] },
        diagnosis: { valueType: "contextual", kind: "text", authorized: ["peer_2"] },
      },
    },
  });
  const plain = peerGraph().compile();
  const protectedGraph = withRecons(peerGraph(), guard).compile();
  const input = () => ({ messages: [new HumanMessage(RECORD)] });
  const [plainMs, reconsMs] = await medianMs([() => plain.invoke(input()), () => protectedGraph.invoke(input())], rounds);
  return { plainMs, reconsMs, ratio: reconsMs / plainMs };
}
