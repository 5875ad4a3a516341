import { describe, expect, it } from "vitest";
import { runPlainStateGraph } from "../../examples/plain-stategraph.js";

describe("examples/plain-stategraph", () => {
  it("each node of a plain StateGraph receives only what it is authorized for", async () => {
    const { transcript, answer } = await runPlainStateGraph();
    expect(transcript.intake).not.toMatch(/Maria Gonzalez|123-45-6789|type 2 diabetes/);
    expect(transcript.doctor).toContain("Maria Gonzalez");
    expect(transcript.doctor).toContain("type 2 diabetes");
    expect(transcript.doctor).not.toContain("123-45-6789");
    expect(transcript.billing).toContain("123-45-6789");
    expect(transcript.billing).not.toContain("type 2 diabetes");
    expect(answer).toContain("Maria Gonzalez");
    expect(answer).not.toMatch(/123-45-6789|type 2 diabetes/);
  });
});
