import { describe, expect, it } from "vitest";
import { runCreateAgent } from "../../examples/create-agent.js";

describe("examples/create-agent", () => {
  it("the model and the caller never get the SSN or the diagnosis the tool returns; the tool gets the real SSN", async () => {
    const { prompts, toolReceived, answer } = await runCreateAgent();
    expect(prompts).toHaveLength(2);
    for (const prompt of prompts) {
      expect(prompt).toContain("Maria Gonzalez");
      expect(prompt).not.toMatch(/123-45-6789|type 2 diabetes/);
    }
    // The model called the tool with the surrogate it was shown: the authorized tool got the real value back.
    expect(toolReceived).toEqual(["123-45-6789"]);
    expect(answer).toContain("Maria Gonzalez");
    expect(answer).not.toMatch(/123-45-6789|type 2 diabetes/);
  });
});
