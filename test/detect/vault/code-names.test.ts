import { describe, expect, it } from "vitest";
import { codeNameVariants, isCodeName } from "../../../src/detect/vault/code-names.js";
import { createRecons } from "../../../src/guard.js";

describe("code names (round 10 red team: `Kestrel DD tracker` of `Project Kestrel` passed)", () => {
  it("are a leading word that says so and one or two capitalized words, found without the leading word", () => {
    expect(isCodeName("Project Kestrel")).toBe(true);
    expect(isCodeName("Operation Blue Heron")).toBe(true);
    expect(isCodeName("project plan for the launch")).toBe(false);
    expect(codeNameVariants("Project Kestrel").map((variant) => variant.form)).toEqual(["kestrel"]);
    expect(codeNameVariants("Quarterly review")).toEqual([]);
  });

  it("are text whatever the field is called, redacted in prose, file names, hashtags and a JSON value, its key kept", () => {
    const guard = createRecons({ secret: "s", vault: { code_name: "Project Kestrel", project: "Project Evergreen" }, policy: { fields: { code_name: { authorized: ["banker"] } } } });
    expect(guard.vault.entries().map((entry) => entry.kind)).toEqual(["text", "text"]);
    const text = 'Kestrel DD: kestrel_dd_v7.xlsx, #kestrel-dd; Project Kestrel closes. {"project": "Evergreen", "stage": 2}';
    expect(guard.sanitizeSync({ channel: "C2", content: text, recipient: "clerk" }).content).toBe(
      '[REDACTED:text] DD: [REDACTED:text]_dd_v7.xlsx, #[REDACTED:text]-dd; [REDACTED:text] closes. {"project": "[REDACTED:text]", "stage": 2}',
    );
    expect(guard.sanitizeSync({ channel: "C2", content: "Kestrel closes.", recipient: "banker" }).content).toBe("Kestrel closes.");
  });
});
