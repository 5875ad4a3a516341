/**
 * A sweep worker process: loads the corpus once, then runs the jobs its parent sends over IPC one
 * at a time, in the order sent (the parent queues the next job ahead), and answers each with the
 * record's JSON line and the record measured. Ctrl-C reaches the whole process group; the worker
 * ignores it and lets the parent finish the jobs in flight, then exits when the parent disconnects.
 */
import { loadAgentLeak, type Scenario } from "../scenarios/agentleak.js";
import { corpusContext } from "./context.js";
import { runAndMeasure, type Job, type JobOutput, type JobSettings } from "./job.js";
import type { ContextProvider } from "./metrics.js";

export interface WorkerInit {
  corpus: string;
  settings: JobSettings;
}

export type WorkerRequest = { type: "init"; init: WorkerInit } | { type: "job"; id: number; job: Job };
export type WorkerReply = { type: "ready" } | { type: "done"; id: number; output: JobOutput } | { type: "failed"; id: number; error: string };

function reply(message: WorkerReply): void {
  process.send?.(message);
}

if (process.send) {
  let scenarios = new Map<string, Scenario>();
  let settings: JobSettings | undefined;
  let contextOf: ContextProvider | undefined;
  // Jobs of a group share guards whose state follows the order of the runs: never two at once.
  let queue: Promise<void> = Promise.resolve();
  process.on("SIGINT", () => undefined);
  process.on("disconnect", () => process.exit(0));
  process.on("message", (message: WorkerRequest) => {
    if (message.type === "init") {
      settings = message.init.settings;
      void loadAgentLeak(message.init.corpus).then((list) => {
        scenarios = new Map(list.map((s) => [s.id, s]));
        contextOf = corpusContext(list, message.init.settings.seed);
        reply({ type: "ready" });
      });
      return;
    }
    const scenario = scenarios.get(message.job.scenario_id);
    if (!scenario || !settings || !contextOf) {
      reply({ type: "failed", id: message.id, error: `unknown scenario ${message.job.scenario_id}` });
      return;
    }
    const [job, jobSettings, jobContext] = [message.job, settings, contextOf];
    queue = queue.then(() =>
      runAndMeasure(job, scenario, jobSettings, jobContext).then(
        (output) => reply({ type: "done", id: message.id, output }),
        (error: unknown) => reply({ type: "failed", id: message.id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
      ),
    );
  });
}
