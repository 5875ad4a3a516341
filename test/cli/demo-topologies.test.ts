import { describe, expect, it } from "vitest";
import { renderTopologyDemo } from "../../src/cli/demo-topologies.js";

describe("npm start: the topology demo", () => {
  it("shows introduced CW-7 workers receiving protected values without RECONS and none with it", async () => {
    const text = await renderTopologyDemo();
    const [without, withRecons] = text.split("== With RECONS ==");
    const introducedRows = (block: string) => block.split("\n").filter((line) => /^worker_\d+\s+introduced/.test(line));
    expect(introducedRows(without).some((row) => !/-\s*$/.test(row))).toBe(true);
    expect(introducedRows(withRecons).length).toBe(4);
    expect(introducedRows(withRecons).every((row) => /introduced\s+-\s+-$/.test(row))).toBe(true);
    expect(withRecons).toContain("CW-2");
  });
});
