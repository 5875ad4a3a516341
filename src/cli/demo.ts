import { readFile } from "node:fs/promises";
import { renderTopologyDemo } from "./demo-topologies.js";
import { Command } from "commander";
import { z } from "zod";
import { CHANNELS, type Decision } from "../event.js";
import { createRecons } from "../guard.js";
import { formatIssues } from "../replay/traces.js";
import { writeOut } from "./replay.js";
import { renderTable } from "./table.js";
import { parseJson } from "../json-text.js";

const DEFAULT_SAMPLES = new URL("../../data/sample-messages.json", import.meta.url);

/** A demo file: guard options, the recipients to sanitize for, and the messages. */
export const demoSamplesSchema = z.object({
  description: z.string().default(""),
  /** Options of `createRecons` (validated by it). */
  options: z.record(z.string(), z.unknown()),
  recipients: z.array(z.string().min(1)).min(1),
  messages: z.array(z.object({ channel: z.enum(CHANNELS), sender: z.string().optional(), content: z.unknown() })).min(1),
});
export type DemoSamples = z.output<typeof demoSamplesSchema>;

/** A fixed demo secret: the same surrogates on every run. */
const DEMO_SECRET = "recons-demo-secret";

function decisionRows(decisions: Decision[]): string[][] {
  return decisions.map((d) => [d.field ?? `(${d.kind})`, d.kind, d.valueType, d.action, d.fallback ?? "", d.reason]);
}

/** Sanitize every sample message for every recipient and render the outputs with their decisions. */
export async function renderDemo(samples: DemoSamples): Promise<string> {
  const guard = createRecons({ secret: DEMO_SECRET, ...samples.options });
  const blocks: string[] = samples.description ? [samples.description, ""] : [];
  for (const [index, message] of samples.messages.entries()) {
    blocks.push(`## message ${index + 1} (${message.channel} from ${message.sender ?? "unknown"})`, `original: ${JSON.stringify(message.content)}`, "");
    for (const recipient of samples.recipients) {
      const result = await guard.sanitize({ channel: message.channel, sender: message.sender, recipient, content: message.content });
      blocks.push(`-> ${recipient} (${guard.positionOf(recipient)}): ${JSON.stringify(result.content)}`);
      blocks.push(renderTable(["field", "kind", "type", "action", "fallback", "reason"], decisionRows(result.decisions)), "");
    }
  }
  return blocks.join("\n");
}

/** Read and validate a demo file; errors name the bad path. */
export async function loadDemoSamples(file: string | URL = DEFAULT_SAMPLES): Promise<DemoSamples> {
  const parsed = demoSamplesSchema.safeParse(parseJson(await readFile(file, "utf8"), String(file)));
  if (parsed.success) return parsed.data;
  throw new Error(`invalid demo samples ${String(file)}: ${formatIssues(parsed.error.issues)}`);
}

/**
 * `recons demo` (`npm start`): a bundled scenario through CW-2 and CW-7 without and with RECONS;
 * `--messages [--samples <file>]`: single messages for an authorized and an introduced recipient,
 * with every decision. No network, bundled data only.
 */
export function demoCommand(): Command {
  return new Command("demo")
    .description("run a bundled scenario through CW-2 and CW-7 without and with RECONS (offline)")
    .option("--messages", "instead, sanitize bundled sample messages and print every decision")
    .option("--samples <file>", "sanitize this samples file (like data/sample-messages.json) as --messages does")
    .action(async (options: { messages?: boolean; samples?: string }, command: Command) => {
      // A samples file asks for the messages demo (round 14 walkthrough: it was ignored without --messages).
      const messages = options.messages === true || options.samples !== undefined;
      const text = messages ? await renderDemo(await loadDemoSamples(options.samples)) : await renderTopologyDemo();
      writeOut(command, `${text}\n`);
    });
}
