import { describe, expect, it } from "vitest";
import type { VaultEntry } from "../../../src/detect/vault/vault.js";
import { cellsOf, tableCellDetector } from "../../../src/detect/vault/table-cells.js";
import { createRecons } from "../../../src/guard.js";

const rating: VaultEntry = { field: "internal_rating", value: "D", kind: "text", valueType: "value" };
const score: VaultEntry = { field: "credit_score", value: "588", kind: "number", valueType: "value" };

/** The spans the detector finds in `text`, as written, with their fields. */
function foundIn(text: string, entries: VaultEntry[] = [rating, score]): Array<[string, string]> {
  return tableCellDetector(() => entries)
    .detect(text)
    .map((detection) => [detection.field!, text.slice(detection.start, detection.end)]);
}

describe("short values in table cells headed by their field's label", () => {
  it("reads markdown rows under their header, CSV rows under a header of words, and slash pairs", () => {
    expect(cellsOf("| A | B |\n|---|---|\n| 1 | **x** |").map(({ header, start, end }) => [header, "| A | B |\n|---|---|\n| 1 | **x** |".slice(start, end)])).toEqual([["A", "1"], ["B", "x"]]);
    expect(cellsOf("name,score\nAl,588").map(({ header }) => header)).toEqual(["name", "score"]);
  });

  // Round 6 red team: `| Rosalind Castellanos | 588 | D |` under `| Customer | Score | Rating |` kept the rating letter.
  it.each([
    ["| Customer | Score | Rating |\n|---|---|---|\n| Rosalind Castellanos | 588 | D |", [["credit_score", "588"], ["internal_rating", "D"]]],
    ["customer,score,rating\nRosalind Castellanos,588,D", [["credit_score", "588"], ["internal_rating", "D"]]],
    ["Score/Rating: 588/D.", [["credit_score", "588"], ["internal_rating", "D"]]],
    ["| Customer | Internal Rating |\n|:--|:--:|\n| R. C. | *D* |", [["internal_rating", "D"]]],
    // Round 12 red team: a key-value table's row labelled by the field (`credit_score,542,600,N` under `metric,value,limit,pass`).
    ["metric,value,limit,pass\ncredit_score,588,600,N", [["credit_score", "588"]]],
    ["| Metric | Value | Limit |\n|---|---|---|\n| Internal rating | D | B |", [["internal_rating", "D"]]],
    // A credit score's row by its bureau's model (round 12 red team: `fico_mid,642,600`).
    ["metric,value,limit\nfico_mid,588,600", [["credit_score", "588"]]],
  ])("%s", (text, expected) => {
    expect(foundIn(text)).toEqual(expected);
  });

  it.each([
    "| Customer | Grade |\n|---|---|\n| R. C. | D |", // another column's header
    "| Customer | Rating |\n| R. C. | D |", // no separator row: no header
    "Plan A/B: D/E", // labels that are not the field's
    "rating, score\nfine, D", // the value under another column
    "metric,value\nrevenue,588", // a row labelled by another field's words
  ])("%s: nothing", (text) => {
    expect(foundIn(text)).toEqual([]);
  });

  it("protects the letter from an unauthorized reader, keeps it for an authorized one", () => {
    const guard = createRecons({ secret: "cells", vault: { internal_rating: "D" }, policy: { fields: { internal_rating: { authorized: ["credit"] } } } });
    const text = "| Customer | Rating |\n|---|---|\n| R. C. | D |\n| Other | B |";
    const out = guard.sanitizeSync({ channel: "C2", content: text, recipient: "other" }).content as string;
    expect(out).toMatch(/^\| Customer \| Rating \|\n\|---\|---\|\n\| R\. C\. \| \[REDACTED:[^\]]+\] \|\n\| Other \| B \|$/);
    expect(guard.sanitizeSync({ channel: "C2", content: text, recipient: "credit" }).content).toBe(text);
  });
});
