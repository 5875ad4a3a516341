/** report.md: the report's tables in GitHub markdown. */
import { partialReason, type Summary } from "./summary.js";
import { reportTables, type Table } from "./tables.js";

function escapeCell(text: string): string {
  return text.replace(/\|/g, "\\|");
}

function markdownTable(table: Table): string {
  const lines = [`## ${table.title}`, ""];
  if (table.note) lines.push(table.note, "");
  if (table.rows.length === 0) return [...lines, "_No records for this analysis._", ""].join("\n");
  lines.push(`| ${table.headers.map(escapeCell).join(" | ")} |`, `|${table.headers.map(() => " --- ").join("|")}|`);
  for (const row of table.rows) lines.push(`| ${row.map((cell) => escapeCell(cell.text)).join(" | ")} |`);
  return [...lines, ""].join("\n");
}

export function renderMarkdown(summary: Summary): string {
  const { run } = summary;
  const head = [
    "# RECONS evaluation report",
    "",
    `Corpus \`${run.corpus}\`, model ${run.model}, seed ${run.seed}: ${summary.records} records, ${summary.scenarios} scenarios, ` +
      `cells ${summary.cells.join(", ")}, levels ${summary.levels.join(", ")}, sanitizers ${summary.sanitizers.join(", ")}, ` +
      `wall time ${run.wallSeconds.toFixed(1)} s${run.complete ? "" : ` (${partialReason(run)})`}.`,
    "",
    ...summary.notes.map((note) => `- ${note}`),
    "",
  ];
  return [...head, ...reportTables(summary).map(markdownTable)].join("\n");
}
