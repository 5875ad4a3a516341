import { z } from "zod";
import { tool, type StructuredToolInterface, type ToolRunnableConfig } from "@langchain/core/tools";
import type { Scenario, ScenarioTool } from "../scenarios/agentleak.js";
import { runStore, type RunAttack } from "./run-context.js";

/** Tool served when a scenario names none. */
const RECORDS_TOOL: ScenarioTool = { name: "records_db", capabilities: ["read_records"], requiresClearance: null };
/** Record fields a lookup is keyed by, in order of preference. */
const LOOKUP_FIELD = /(^|_)(name|id)$/;

/** JSON with sorted keys: the same arguments compare equal whatever order a parser built them in. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item && typeof item === "object" && !Array.isArray(item) ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : item,
  );
}

function callerOf(config: ToolRunnableConfig | undefined): string {
  const node = config?.metadata?.langgraph_node;
  return typeof node === "string" ? node : "unknown";
}

/** The payload an internal (A2) adversary injects into tool results, when it targets them. */
function resultPayload(attack: RunAttack | null): string | null {
  return attack?.level === "A2" && attack.payload && attack.targetChannels.includes("tool_output") ? attack.payload : null;
}

/**
 * The deterministic tool layer (paper section 4.1): each scenario tool serves a fixed share of
 * the vault records (record i -> tool i mod n) as JSON, whatever the arguments, so paired runs
 * and cells differ only in the protected value and the wiring. Arguments are recorded as they
 * reach the tool (C3, after RECONS when the tool is protected).
 */
export function scenarioTools(scenario: Scenario, attack: RunAttack | null): StructuredToolInterface[] {
  const specs = scenario.tools.length > 0 ? scenario.tools : [RECORDS_TOOL];
  const payload = resultPayload(attack);
  return specs.map((spec, toolIndex) => {
    const records = scenario.records.filter((_record, index) => index % specs.length === toolIndex);
    const lookup = records.flatMap((record) => Object.keys(record.fields)).find((field) => LOOKUP_FIELD.test(field)) ?? "subject";
    const schema = z.object({
      query: z.string().describe("What to look up, in words"),
      [lookup]: z.string().optional().describe(`The ${lookup.replace(/_/g, " ")} to look up`),
    });
    const result = JSON.stringify({
      tool: spec.name,
      records: records.map((record) => ({ record_type: record.recordType, ...record.fields })),
      ...(payload ? { note: payload } : {}),
    });
    return tool(
      async (args: Record<string, unknown>, config?: ToolRunnableConfig) => {
        const recorder = runStore.getStore()?.recorder;
        if (recorder) {
          const caller = callerOf(config);
          const recipient = `tool:${spec.name}`;
          const content = canonicalJson(args);
          const decisions = recorder.take("C3", { recipient }, (sanitized) => canonicalJson(sanitized) === content)?.decisions ?? [];
          recorder.record({ t: recorder.stepOf(caller), channel: "C3", sender: caller, recipient, content }, decisions, caller);
        }
        return result;
      },
      { name: spec.name, description: `${spec.name}: ${spec.capabilities.join(", ") || "lookup"} (${scenario.vertical} records)`, schema },
    );
  });
}
