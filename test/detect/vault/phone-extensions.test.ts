import { describe, expect, it } from "vitest";
import { createRecons } from "../../../src/guard.js";

const guard = (phone: string) => createRecons({ secret: "s", vault: { phone_real: phone }, policy: { fields: {} } });
const sanitize = (phone: string, content: string) => guard(phone).sanitizeSync({ channel: "C2", content, recipient: "other" }).content as string;

describe("a phone's extension after # or a voice menu's word", () => {
  // Round 8 red team: `415-662-0931 #2207` came back `085-388-2816 #2207`, and `when prompted dial 2207` unchanged.
  it("shows the surrogate phone's extension for the real one, after `#`, `dial` or `press`", () => {
    const out = sanitize("(415)662-0931x2207", "Call 415-662-0931 #2207, or # 2207; when prompted dial 2207 (press 2207).");
    expect(out).not.toContain("2207");
    const [, number, extension] = /^Call (\d{3}-\d{3}-\d{4}) #(\d{4}), or # \2; when prompted dial \2 \(press \2\)\.$/.exec(out)!;
    // The surrogate phone written with its extension has that same extension.
    expect(sanitize("(415)662-0931x2207", "415-662-0931x2207")).toBe(`${number}x${extension}`);
  });

  it("reads an extension written without its leading zeros, and leaves other numbers after # alone", () => {
    expect(sanitize("206-795-4418x0632", "Callback #632 or #0632")).not.toMatch(/#0?632\b/);
    const others = "Room #22, invoice #2207.5, ticket #22075, suite #2208";
    expect(sanitize("(415)662-0931x2207", others)).toBe(others);
  });
});
