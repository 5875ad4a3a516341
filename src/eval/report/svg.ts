/** Inline SVG charts for report.html: no script, no font file, no network. */

const PALETTE = ["#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#b07aa1", "#edc948", "#9c755f"];
const FONT = `font-family="system-ui, sans-serif"`;
const PLOT_HEIGHT = 180;
const TOP = 34;
const LEFT = 48;

export function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

export function colorOf(series: readonly string[], name: string): string {
  return PALETTE[Math.max(0, series.indexOf(name)) % PALETTE.length];
}

export interface Bar {
  series: string;
  value: number | null;
  low?: number | null;
  high?: number | null;
  /** summary.json path of the value. */
  key?: string;
}

export interface BarChart {
  id: string;
  title: string;
  groups: Array<{ label: string; bars: Bar[] }>;
  series: string[];
  /** Top of the y axis; rates use 1. */
  max?: number;
  /** Values are rates shown as percentages. */
  rates?: boolean;
}

const LEGEND_ROW = 16;

/** Legend items laid out left to right, wrapping at `width`; returns the markup and its height. */
function legend(series: readonly string[], x: number, y: number, width: number): { markup: string; height: number } {
  let at = x;
  let row = 0;
  const items = series.map((name) => {
    const itemWidth = 24 + name.length * 6.5;
    if (at + itemWidth > width && at > x) {
      at = x;
      row++;
    }
    const top = y + row * LEGEND_ROW;
    const item = `<rect x="${at}" y="${top}" width="10" height="10" fill="${colorOf(series, name)}"/><text x="${at + 14}" y="${top + 9}" font-size="11" ${FONT}>${escapeXml(name)}</text>`;
    at += itemWidth;
    return item;
  });
  return { markup: items.join(""), height: (row + 1) * LEGEND_ROW };
}

function yAxis(max: number, rates: boolean, width: number): string {
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((f) => {
    const y = TOP + PLOT_HEIGHT * (1 - f);
    const value = f * max;
    const text = rates ? `${Math.round(value * 100)}%` : value.toFixed(value < 10 ? 2 : 0);
    return `<line x1="${LEFT}" x2="${width - 10}" y1="${y}" y2="${y}" stroke="#ddd"/><text x="${LEFT - 6}" y="${y + 4}" font-size="10" text-anchor="end" ${FONT}>${text}</text>`;
  });
  return ticks.join("");
}

function formatValue(value: number, rates: boolean): string {
  return rates ? `${(value * 100).toFixed(1)}%` : value.toFixed(3);
}

/** Vertical grouped bars with optional CI whiskers. */
export function barChart(chart: BarChart): string {
  const rates = chart.rates ?? true;
  const values = chart.groups.flatMap((g) => g.bars.flatMap((b) => [b.value ?? 0, b.high ?? 0]));
  const max = chart.max ?? Math.max(1e-9, ...values) * 1.1;
  const barWidth = 14;
  const groupWidth = chart.series.length * barWidth + 18;
  const width = Math.max(520, LEFT + chart.groups.length * groupWidth + 20);
  const key = legend(chart.series, LEFT, TOP + PLOT_HEIGHT + 30, width - 10);
  const height = TOP + PLOT_HEIGHT + 36 + key.height;
  const scale = (v: number) => TOP + PLOT_HEIGHT * (1 - Math.min(v, max) / max);
  const body = chart.groups.map((group, g) => {
    const x0 = LEFT + 10 + g * groupWidth;
    const bars = group.bars.map((bar) => {
      const x = x0 + chart.series.indexOf(bar.series) * barWidth;
      if (bar.value === null) return "";
      const y = scale(bar.value);
      const tip = `${group.label} / ${bar.series}: ${formatValue(bar.value, rates)}`;
      const rect = `<rect class="bar" x="${x}" y="${y}" width="${barWidth - 2}" height="${Math.max(1, TOP + PLOT_HEIGHT - y)}" fill="${colorOf(chart.series, bar.series)}" data-series="${escapeXml(bar.series)}" data-group="${escapeXml(group.label)}" data-value="${bar.value}"${bar.key ? ` data-key="${escapeXml(bar.key)}"` : ""}><title>${escapeXml(tip)}</title></rect>`;
      const cx = x + (barWidth - 2) / 2;
      const whisker =
        bar.low != null && bar.high != null
          ? `<path class="ci" d="M${cx} ${scale(bar.low)}V${scale(bar.high)}M${cx - 3} ${scale(bar.low)}H${cx + 3}M${cx - 3} ${scale(bar.high)}H${cx + 3}" stroke="#222" stroke-width="1" fill="none"/>`
          : "";
      return rect + whisker;
    });
    const labelX = x0 + (chart.series.length * barWidth) / 2;
    return `${bars.join("")}<text x="${labelX}" y="${TOP + PLOT_HEIGHT + 16}" font-size="11" text-anchor="middle" ${FONT}>${escapeXml(group.label)}</text>`;
  });
  return svg(chart.id, chart.title, width, height, `${yAxis(max, rates, width)}${body.join("")}${key.markup}`);
}

export interface StackedRow {
  label: string;
  segments: Array<{ series: string; value: number; key?: string }>;
}

/** Horizontal bars split into shares of their row total. */
export function stackedChart(id: string, title: string, rows: StackedRow[], series: string[]): string {
  const width = 720;
  const rowHeight = 26;
  const plotLeft = 140;
  const plotWidth = width - plotLeft - 20;
  const key = legend(series, 10, TOP + rows.length * rowHeight + 12, width - 10);
  const height = TOP + rows.length * rowHeight + 18 + key.height;
  const body = rows.map((row, r) => {
    const total = row.segments.reduce((sum, s) => sum + s.value, 0);
    const y = TOP + r * rowHeight;
    let x = plotLeft;
    const parts = row.segments.map((segment) => {
      if (total === 0 || segment.value === 0) return "";
      const w = (segment.value / total) * plotWidth;
      const rect = `<rect class="bar segment" x="${x}" y="${y}" width="${w}" height="${rowHeight - 6}" fill="${colorOf(series, segment.series)}" data-series="${escapeXml(segment.series)}" data-group="${escapeXml(row.label)}" data-value="${segment.value}"${segment.key ? ` data-key="${escapeXml(segment.key)}"` : ""}><title>${escapeXml(`${row.label} / ${segment.series}: ${segment.value} of ${total}`)}</title></rect>`;
      x += w;
      return rect;
    });
    const name = `<text x="${plotLeft - 8}" y="${y + rowHeight / 2 + 1}" font-size="11" text-anchor="end" ${FONT}>${escapeXml(row.label)} (${total})</text>`;
    return name + parts.join("");
  });
  return svg(id, title, width, height, `${body.join("")}${key.markup}`);
}

export interface LineSeries {
  name: string;
  points: Array<{ x: number; y: number; key?: string }>;
}

/** Lines over a numeric x axis (horizons). */
export function lineChart(id: string, title: string, lines: LineSeries[], xLabel: string): string {
  const width = 520;
  const names = lines.map((l) => l.name);
  const key = legend(names, LEFT, TOP + PLOT_HEIGHT + 42, width - 10);
  const height = TOP + PLOT_HEIGHT + 48 + key.height;
  const xs = [...new Set(lines.flatMap((l) => l.points.map((p) => p.x)))].sort((a, b) => a - b);
  const maxY = Math.max(1e-9, ...lines.flatMap((l) => l.points.map((p) => p.y))) * 1.1;
  const plotWidth = width - LEFT - 30;
  const xAt = (x: number) => LEFT + 10 + (xs.length <= 1 ? plotWidth / 2 : (xs.indexOf(x) / (xs.length - 1)) * (plotWidth - 10));
  const yAt = (y: number) => TOP + PLOT_HEIGHT * (1 - y / maxY);
  const body = lines.map((line) => {
    const color = colorOf(names, line.name);
    const d = line.points.map((p, i) => `${i === 0 ? "M" : "L"}${xAt(p.x)} ${yAt(p.y)}`).join("");
    const dots = line.points
      .map((p) => `<circle class="point" cx="${xAt(p.x)}" cy="${yAt(p.y)}" r="3" fill="${color}" data-series="${escapeXml(line.name)}" data-value="${p.y}"${p.key ? ` data-key="${escapeXml(p.key)}"` : ""}><title>${escapeXml(`${line.name}, T=${p.x}: ${p.y.toFixed(3)}`)}</title></circle>`)
      .join("");
    return `<path class="line" d="${d}" stroke="${color}" stroke-width="2" fill="none"/>${dots}`;
  });
  const ticks = xs.map((x) => `<text x="${xAt(x)}" y="${TOP + PLOT_HEIGHT + 16}" font-size="11" text-anchor="middle" ${FONT}>${x}</text>`).join("");
  const axisLabel = `<text x="${LEFT + plotWidth / 2}" y="${TOP + PLOT_HEIGHT + 32}" font-size="11" text-anchor="middle" ${FONT}>${escapeXml(xLabel)}</text>`;
  return svg(id, title, width, height, `${yAxis(maxY, false, width)}${body.join("")}${ticks}${axisLabel}${key.markup}`);
}

function svg(id: string, title: string, width: number, height: number, body: string): string {
  return (
    `<figure class="chart" id="${escapeXml(id)}"><svg xmlns="http://www.w3.org/2000/svg" role="img" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<text x="8" y="18" font-size="13" font-weight="600" ${FONT}>${escapeXml(title)}</text>${body}</svg></figure>`
  );
}
