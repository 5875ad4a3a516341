/** A plain aligned text table (header, dashes, rows), trailing spaces trimmed. */
export function renderTable(header: string[], rows: string[][]): string {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] ?? "").length)));
  const render = (row: string[]) => row.map((cell, column) => cell.padEnd(widths[column]!)).join("  ").trimEnd();
  return [render(header), render(widths.map((width) => "-".repeat(width))), ...rows.map(render)].join("\n");
}
