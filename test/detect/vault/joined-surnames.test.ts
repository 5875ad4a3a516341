import { describe, expect, it } from "vitest";
import { joinedSurnameDetector } from "../../../src/detect/vault/joined-surnames.js";
import type { VaultEntry } from "../../../src/detect/vault/vault.js";
import { createRecons } from "../../../src/guard.js";

const person = (field: string, value: string): VaultEntry => ({ field, value, kind: "name", valueType: "value" });
const parties = [person("name", "Dennis Okoro"), person("opposing_party", "Gordon Pruitt")];

function joinedIn(text: string, entries: VaultEntry[] = parties): Array<[string, string | null]> {
  return joinedSurnameDetector(() => entries)
    .detect(text)
    .map((detection) => [text.slice(detection.start, detection.end), detection.field]);
}

describe("two registered surnames joined by a hyphen (round 14 red team: `The Okoro-Pruitt matter` passed)", () => {
  it("finds each half as its person's surname", () => {
    expect(joinedIn("The Okoro-Pruitt employment matter; PRUITT-OKORO")).toEqual([["Okoro", "name"], ["Pruitt", "opposing_party"], ["PRUITT", "opposing_party"], ["OKORO", "name"]]);
  });

  it("leaves a double surname with one registered half, a compound, and one person's own hyphenated name", () => {
    expect(joinedIn("Mr. Okoro-Smith called; an Okoro-style brief; Okoro-Okoro")).toEqual([]);
    expect(joinedIn("Okoro-Pruitt", [person("name", "Dennis Okoro")])).toEqual([]);
  });

  it("shows an unauthorized reader both pseudonyms", () => {
    const guard = createRecons({ secret: "s", vault: { name: "Dennis Okoro", opposing_party: "Gordon Pruitt" }, policy: { fields: {} } });
    const { content } = guard.sanitizeSync({ channel: "C2", content: "The Okoro-Pruitt employment matter", recipient: "other" });
    expect(content).toMatch(/^The \p{Lu}\p{L}+-\p{Lu}\p{L}+ employment matter$/u);
    expect(content).not.toMatch(/Okoro|Pruitt/);
  });
});
