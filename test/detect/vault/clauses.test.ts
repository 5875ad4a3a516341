import { describe, expect, it } from "vitest";
import { noteClauses } from "../../../src/detect/vault/clauses.js";

const clauses = (value: string) => noteClauses(value).map(({ value: clause, needed, variants }) => [clause, needed, variants.length]);

describe("noteClauses", () => {
  it("splits a note at semicolons, sentence ends and spaced dashes, keeping clauses of three context words or more", () => {
    expect(clauses("Pair with senior mentor; struggles with ambiguous requirements")).toEqual([
      ["Pair with senior mentor", 3, 3],
      ["struggles with ambiguous requirements", 3, 3],
    ]);
    expect(clauses("Client concedes the email came from his account. Forensic report shows no intrusion.")).toEqual([
      ["Client concedes the email came from his account.", 3, 4],
      ["Forensic report shows no intrusion.", 3, 4],
    ]);
    expect(clauses("Attorney work product - privileged")).toEqual([["Attorney work product", 3, 3]]);
  });

  it("leaves modals out of a clause's words and needs all but one of four or more", () => {
    expect(clauses("Client will accept as little as 60% of the demand; keep this confidential")).toEqual([["Client will accept as little as 60% of the demand", 3, 4]]);
  });

  it("gives nothing for a one-clause note, a canary, or clauses of fewer words", () => {
    expect(clauses("Needs to improve stakeholder communication")).toEqual([]);
    expect(clauses("CANARY_MGR_NOTE_21AC107E")).toEqual([]);
    expect(clauses("Going through a divorce; friction with peers")).toEqual([]);
    expect(clauses("Dr. Watson")).toEqual([]);
  });
});
