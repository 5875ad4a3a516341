import { describe, expect, it } from "vitest";
import { createRecons } from "../../src/guard.js";
import { canonicalKind, misspeltKind } from "../../src/policy/kinds.js";

describe("declared kinds (round 14 walkthrough: `kind: \"Name\"` was a custom kind, and a person's name parts passed)", () => {
  it("reads a known kind in any case and by its other names, and keeps a custom kind as written", () => {
    expect(["Name", " NAME ", "person", "Full Name", "full-name"].map(canonicalKind)).toEqual(["name", "name", "name", "name", "name"]);
    expect(["dob", "Date of Birth", "salary", "e-mail", "Credit Card", "IP address"].map(canonicalKind)).toEqual(["date", "date", "amount", "email", "card", "ip"]);
    expect(["badge", "zip", "diagnosis", "case"].map(canonicalKind)).toEqual(["badge", "zip", "diagnosis", "case"]);
  });

  it("names the known kind a custom one is one slip away from, none for a short or distinct one", () => {
    expect(["nmae", "phones", "adress", "emial"].map(misspeltKind)).toEqual(["name", "phone", "address", "email"]);
    expect(["zip", "badge", "case", "diagnosis", "name"].map(misspeltKind)).toEqual([undefined, undefined, undefined, undefined, undefined]);
  });

  it("protects a name declared `Name` or `person` as a name, and refuses a slip with an error naming the field", () => {
    for (const kind of ["Name", "person"]) {
      const guard = createRecons({ secret: "s", vault: { client: "Dwayne Sanchez" }, policy: { fields: { client: { kind, authorized: ["intake"] } } } });
      expect(guard.policy.fields.client.kind).toBe("name");
      const { content } = guard.sanitizeSync({ channel: "C2", content: "Mr. Sanchez wants a refund; reply to D. Sanchez, Dear Dwayne.", recipient: "billing" });
      expect(content).not.toMatch(/Sanchez|Dwayne/);
    }
    expect(() => createRecons({ secret: "s", vault: { client: "Dwayne Sanchez" }, policy: { fields: { client: { kind: "nmae", authorized: [] } } } })).toThrow(
      /policy\.fields\.client\.kind: "nmae" is no kind RECONS knows; did you mean "name"\?/,
    );
  });
});
