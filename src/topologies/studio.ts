import { readFileSync } from "node:fs";
import { createRecons } from "../guard.js";
import { parseAgentLeakJsonl, type Scenario } from "../scenarios/agentleak.js";
import { cellGraph, type CellId } from "./cells.js";
import { cellAgents, scenarioPolicy } from "./mapping.js";
import { defaultModel } from "./model.js";
import { scenarioTools } from "./tool-layer.js";

const SAMPLE = new URL("../../data/agentleak-sample.jsonl", import.meta.url);
/** Fixed secret and seed: Studio shows the same surrogates and the same run every time. */
const STUDIO_SECRET = "recons-studio";
const STUDIO_SEED = 1;

/** The bundled scenario graphs run on (the first of data/agentleak-sample.jsonl). */
export function bundledScenario(): Scenario {
  const [scenario] = parseAgentLeakJsonl(readFileSync(SAMPLE, "utf8"), SAMPLE.pathname);
  if (!scenario) throw new Error(`${SAMPLE.pathname} holds no scenario`);
  return scenario;
}

/**
 * A cell ready for LangGraph Studio: the bundled scenario mapped onto the cell, protected by
 * RECONS with the scenario's policy, its tool layer, `defaultModel()` (the scripted model unless
 * OPENAI_BASE_URL/OPENAI_API_KEY are set), horizon 3. An empty input runs the scenario's request.
 */
export function studioGraph(cell: CellId, scenario: Scenario = bundledScenario()) {
  const agents = cellAgents(cell, scenario);
  return cellGraph(cell, {
    model: defaultModel({ seed: STUDIO_SEED }),
    guard: createRecons({ secret: STUDIO_SECRET, vault: scenario.vault, policy: scenarioPolicy(scenario, cell) }),
    tools: scenarioTools(scenario, null),
    toolAgents: agents.filter((agent) => agent.position === "original").map((agent) => agent.name),
    roles: Object.fromEntries(agents.map((agent) => [agent.name, agent.role])),
    request: scenario.task,
    horizon: 3,
    seed: STUDIO_SEED,
  });
}
