/** report.html: one self-contained page (inline CSS and SVG, no script, no network) with the charts and the tables of report.md. */
import { RESIDUAL_CAUSES, SCOPES, type Scope } from "../metrics.js";
import { barChart, escapeXml, lineChart, stackedChart } from "./svg.js";
import { partialReason, type Summary } from "./summary.js";
import { CAUSE_LABELS, reportTables, type Table } from "./tables.js";

const STYLE = `
body { font-family: system-ui, sans-serif; margin: 24px auto; max-width: 1100px; color: #222; line-height: 1.45; padding: 0 16px; }
h1 { font-size: 22px; } h2 { font-size: 17px; margin-top: 28px; }
.charts { display: flex; flex-wrap: wrap; gap: 12px; }
figure.chart { margin: 0; border: 1px solid #e3e3e3; border-radius: 6px; padding: 6px; background: #fff; }
table { border-collapse: collapse; font-size: 12.5px; margin: 8px 0 4px; }
th, td { border: 1px solid #ddd; padding: 3px 8px; text-align: left; }
th { background: #f4f4f4; } td[data-key] { font-variant-numeric: tabular-nums; }
.note { color: #555; font-size: 13px; } .caveat { background: #fff7e0; border-left: 4px solid #e0a800; padding: 8px 12px; }
`;

function gradientCharts(s: Summary): string[] {
  return s.levels.map((level) =>
    barChart({
      id: `chart-gradient-${level}`,
      title: `New-agent disclosure by cell, ${level} (95 % CI)`,
      series: s.sanitizers,
      groups: s.cells.map((cell) => ({
        label: cell,
        bars: s.gradient.flatMap((row, i) =>
          row.cell === cell && row.level === level ? [{ series: row.sanitizer, value: row.newAgent.rate, low: row.newAgent.low, high: row.newAgent.high, key: `gradient.${i}.newAgent` }] : [],
        ),
      })),
      max: 1,
    }),
  );
}

function occurrenceChart(s: Summary): string {
  const series = ["residual leakage", "correct-allow"];
  return barChart({
    id: "chart-residual-allow",
    title: "Residual leakage vs correct-allow per sanitizer (95 % CI)",
    series,
    groups: s.occurrences.map((row, i) => ({
      label: row.sanitizer,
      bars: [
        { series: series[0], value: row.residual.rate, low: row.residual.low, high: row.residual.high, key: `occurrences.${i}.residual` },
        { series: series[1], value: row.correctAllow.rate, low: row.correctAllow.low, high: row.correctAllow.high, key: `occurrences.${i}.correctAllow` },
      ],
    })),
    max: 1,
  });
}

function channelChart(s: Summary): string {
  const channels = [...new Set(s.breakdown.filter((r) => r.by === "channel").map((r) => r.key))].sort();
  return barChart({
    id: "chart-channels",
    title: "Residual leakage by channel",
    series: s.occurrences.map((r) => r.sanitizer),
    groups: channels.map((channel) => ({
      label: channel,
      bars: s.breakdown.flatMap((row, i) => (row.by === "channel" && row.key === channel ? [{ series: row.sanitizer, value: row.residual.rate, key: `breakdown.${i}.residual` }] : [])),
    })),
    max: 1,
  });
}

function decompositionChart(s: Summary): string {
  const series = RESIDUAL_CAUSES.map((c) => CAUSE_LABELS[c]);
  return stackedChart(
    "chart-decomposition",
    "Residual decomposition (share of residual cases)",
    s.decomposition.map((row, i) => ({
      label: row.sanitizer,
      segments: RESIDUAL_CAUSES.map((cause) => ({ series: CAUSE_LABELS[cause], value: row.causes[cause], key: `decomposition.${i}.causes.${cause}` })),
    })),
    series,
  );
}

function horizonCharts(s: Summary): string[] {
  return (Object.keys(SCOPES) as Scope[]).flatMap((scope) => {
    const lines = s.sanitizers
      .map((sanitizer) => ({
        name: sanitizer,
        points: s.horizonCurves.flatMap((row, i) => (row.scope === scope && row.sanitizer === sanitizer ? [{ x: row.horizon, y: row.cumulativeMean, key: `horizonCurves.${i}.cumulativeMean` }] : [])),
      }))
      .filter((line) => line.points.length > 0);
    return lines.length === 0 ? [] : [lineChart(`chart-horizon-${scope}`, `Cumulative distinct values disclosed, ${scope} channels`, lines, "horizon T (turns)")];
  });
}

function htmlTable(table: Table): string {
  const head = `<h2 id="${escapeXml(table.id)}">${escapeXml(table.title)}</h2>${table.note ? `<p class="note">${escapeXml(table.note)}</p>` : ""}`;
  if (table.rows.length === 0) return `${head}<p class="note"><em>No records for this analysis.</em></p>`;
  const header = `<tr>${table.headers.map((h) => `<th>${escapeXml(h)}</th>`).join("")}</tr>`;
  const rows = table.rows.map((row) => `<tr>${row.map((cell) => `<td${cell.key ? ` data-key="${escapeXml(cell.key)}"` : ""}>${escapeXml(cell.text)}</td>`).join("")}</tr>`);
  return `${head}<table data-table="${escapeXml(table.id)}">${header}${rows.join("")}</table>`;
}

function section(title: string, charts: string[]): string {
  return charts.length === 0 ? "" : `<h2>${escapeXml(title)}</h2><div class="charts">${charts.join("")}</div>`;
}

export function renderHtml(s: Summary): string {
  const { run } = s;
  const meta =
    `Corpus <code>${escapeXml(run.corpus)}</code>, model ${escapeXml(run.model)}, seed ${escapeXml(run.seed)}: ${s.records} records, ${s.scenarios} scenarios, ` +
    `cells ${escapeXml(s.cells.join(", "))}, levels ${escapeXml(s.levels.join(", "))}, sanitizers ${escapeXml(s.sanitizers.join(", "))}, wall time ${run.wallSeconds.toFixed(1)} s` +
    (run.complete ? "." : ` <strong>(${escapeXml(partialReason(run))})</strong>.`);
  const caveat = s.notes.at(-1) ?? "";
  const body = [
    `<h1>RECONS evaluation report</h1><p>${meta}</p>`,
    `<ul class="note">${s.notes.slice(0, -1).map((n) => `<li>${escapeXml(n)}</li>`).join("")}</ul><p class="caveat">${escapeXml(caveat)}</p>`,
    section("Topology gradient", gradientCharts(s)),
    section("Residual leakage and correct-allow", [occurrenceChart(s), channelChart(s)]),
    section("Sources of residual leakage", s.decomposition.length > 0 ? [decompositionChart(s)] : []),
    section("Compositional leakage", horizonCharts(s)),
    ...reportTables(s).map(htmlTable),
  ];
  return `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>RECONS evaluation report</title><style>${STYLE}</style></head><body>${body.join("\n")}</body></html>\n`;
}
