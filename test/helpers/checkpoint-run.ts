/** A run that writes protected values into state, interrupts and resumes: what every checkpointer test stores. */
import { AIMessage, HumanMessage, type BaseMessage } from "@langchain/core/messages";
import { Annotation, Command, END, MessagesAnnotation, START, StateGraph, interrupt } from "@langchain/langgraph";
import { emptyCheckpoint, type BaseCheckpointSaver, type CheckpointMetadata } from "@langchain/langgraph-checkpoint";
import { createRecons } from "../../src/guard.js";

export const SECRET = "serializer-test-secret";
export const vault = { ssn: "939-79-6410", patient_name: "Dwayne Sanchez", salary: "205902" };
const policy = {
  fields: {
    ssn: { valueType: "format", kind: "ssn", authorized: ["intake", "reader"] },
    patient_name: { valueType: "value", kind: "name", authorized: ["intake", "reader"] },
    salary: { valueType: "value", kind: "amount", authorized: ["reader"] },
  },
};
export const guard = createRecons({ policy, vault, secret: SECRET });
export const intakeNote = "Patient Dwayne Sanchez, SSN 939-79-6410, salary $205,902.";

const State = Annotation.Root({
  ...MessagesAnnotation.spec,
  note: Annotation<string>(),
  approval: Annotation<string>(),
});

/** intake writes raw protected values into state; review interrupts; reader records what it sees on resume. */
function buildGraph(seen: { reader: string[] }) {
  return new StateGraph(State)
    .addNode("intake", () => ({ note: intakeNote, messages: [new AIMessage({ content: intakeNote, name: "intake" })] }))
    .addNode("review", () => ({ approval: interrupt<string, string>(`approve record of ${intakeNote}`) }))
    .addNode("reader", (state) => {
      seen.reader.push(JSON.stringify({ note: state.note, messages: state.messages.map((m: BaseMessage) => m.content) }));
      return { messages: [new AIMessage({ content: `read ${state.note}`, name: "reader" })] };
    })
    .addEdge(START, "intake")
    .addEdge("intake", "review")
    .addEdge("review", "reader")
    .addEdge("reader", END);
}

/**
 * Runs until the interrupt, resumes on the same thread through `resumeSaver` (a fresh saver over the
 * same storage), then stores a checkpoint whose metadata holds a protected value.
 */
export async function runAndResume(saver: BaseCheckpointSaver, resumeSaver: BaseCheckpointSaver) {
  const seen = { reader: [] as string[] };
  const config = { configurable: { thread_id: "t1" } };
  await buildGraph(seen).compile({ checkpointer: saver }).invoke({ messages: [new HumanMessage(`Open a case for SSN 939-79-6410`)] }, config);
  const final = await buildGraph(seen).compile({ checkpointer: resumeSaver }).invoke(new Command({ resume: "approved" }), config);
  // Savers persist caller metadata beside checkpoints; it must stay plain JSON yet hold no raw value.
  await saver.put({ configurable: { thread_id: "meta", checkpoint_ns: "" } }, emptyCheckpoint(), {
    source: "input",
    step: -1,
    parents: {},
    case_owner: "Dwayne Sanchez",
    ticket: "T-17",
  } as CheckpointMetadata, {});
  const metadata = (await resumeSaver.getTuple({ configurable: { thread_id: "meta" } }))?.metadata;
  return { seen, final, metadata };
}

