import { describe, expect, it } from "vitest";
import { createMeter } from "../../src/replay/meter.js";

function fieldsIn(vault: Parameters<typeof createMeter>[0], text: string): string[] {
  return [...new Set(createMeter(vault).detect(text).map((hit) => hit.field))].filter((f) => !f.startsWith("unregistered:"));
}

describe("meter", () => {
  it("finds names in full, reordered, with a title, and by surname unless another first name precedes it", () => {
    const vault = { patient: "Rita Butler" };
    for (const text of ["RITA BUTLER", "Butler, Rita", "Rita J. Butler", "Dear Ms. Butler", "Butler called"]) {
      expect(fieldsIn(vault, text), text).toEqual(["patient"]);
    }
    expect(fieldsIn(vault, "Ashley Butler called")).toEqual([]);
  });

  it("reads a surname after a title as a name: alone or after a title it counts, after another first name it does not", () => {
    // Dev-mix sweep: the provider `Dr. Williams` was counted in the patient `Jennifer Williams` (a phrase finder took `Williams` anywhere).
    const vault = { provider: "Dr. Williams" };
    for (const text of ["Dr. Williams", "Williams said so", "Dear Doctor Williams,", "Mr Williams"]) expect(fieldsIn(vault, text), text).toEqual(["provider"]);
    expect(fieldsIn(vault, "patient Jennifer Williams")).toEqual([]);
    expect(fieldsIn({ patient: "Rita Butler" }, "Hi Professor Butler")).toEqual(["patient"]);
  });

  it("reads a company's one capitalized word as written or in capitals, not inside another word's lowercase", () => {
    // Dev replay: `strict-origin-when-cross-origin` in a dumped HTTP header was counted as the merchant `Cross Inc`.
    const vault = { transaction_history: "[{'amount': 126.12, 'merchant': 'Cross Inc'}]" };
    expect(fieldsIn({ merchant: "Cross Inc" }, "'Referrer-Policy': 'no-referrer, strict-origin-when-cross-origin'")).toEqual([]);
    for (const text of ["paid Cross Inc.", "Cross charged $20", "CROSS INC", "cross inc"]) expect(fieldsIn({ merchant: "Cross Inc" }, text), text).toEqual(["merchant"]);
    expect(fieldsIn(vault, "strict-origin-when-cross-origin")).toEqual([]);
  });

  it("reads a role, condition or category in title case as a phrase, not a name whose last word alone counts", () => {
    // Dev-mix sweep: an employee's `Title: Manager` was counted as the candidate's position_applied `Product Manager`.
    expect(fieldsIn({ position_applied: "Product Manager" }, "- Title: Manager")).toEqual([]);
    expect(fieldsIn({ position_applied: "Product Manager" }, "applied as product manager")).toEqual(["position_applied"]);
    expect(fieldsIn({ diagnosis: "Anxiety Disorder", "case_type#2": "Contract Dispute" }, "Disorder noted. Dispute resolved.")).toEqual([]);
    expect(fieldsIn({ job_title: "Data Scientist" }, "our Data Scientist hire")).toEqual(["job_title"]);
    // Dev replay: a review's heading `**Areas for Improvement:**` was counted as the performance_rating `Needs Improvement`.
    expect(fieldsIn({ performance_rating: "Needs Improvement" }, "2. **Areas for Improvement:**")).toEqual([]);
    expect(fieldsIn({ performance_rating: "Needs Improvement" }, "Rating: needs improvement")).toEqual(["performance_rating"]);
    // A person's field keeps every name form.
    expect(fieldsIn({ opposing_party: "Product Manager" }, "- Title: Manager")).toEqual(["opposing_party"]);
  });

  it("finds identifiers by their digits, phones without country code or extension, masked last four", () => {
    expect(fieldsIn({ ssn: "121-83-2523" }, "SSN 121 83 2523")).toEqual(["ssn"]);
    expect(fieldsIn({ ssn: "121-83-2523" }, "SSN ***-**-2523")).toEqual(["ssn"]);
    expect(fieldsIn({ ssn: "121-83-2523" }, "room 2523")).toEqual([]);
    for (const text of ["2523 is the last four of her SSN", "SSN: 2523 (last 4 digits only)", "final four digits 2523"]) expect(fieldsIn({ ssn: "121-83-2523" }, text), text).toEqual(["ssn"]);
    expect(fieldsIn({ ssn: "121-83-2523" }, "room 2523 is on the last floor")).toEqual([]);
    expect(fieldsIn({ phone: "+1-982-414-6584x044" }, "call (982) 414-6584")).toEqual(["phone"]);
    expect(fieldsIn({ id: "CASE-974" }, "see case 974 today")).toEqual(["id"]);
    expect(fieldsIn({ canary: "CANARY_SSN_754B6934" }, "code 754B6934")).toEqual(["canary"]);
  });

  it("finds dates in several layouts and amounts with grouping, rounding or a scale word", () => {
    for (const text of ["06/17/1971", "17.06.1971", "June 17th, 1971", "17 Jun 1971", "on June 17"]) {
      expect(fieldsIn({ dob: "1971-06-17" }, text), text).toEqual(["dob"]);
    }
    for (const text of ["$484,801.59", "484801.59", "$484,802", "$485K", "$0.48 million"]) {
      expect(fieldsIn({ balance: 484801.59 }, text), text).toEqual(["balance"]);
    }
    expect(fieldsIn({ balance: 484801.59 }, "$500K")).toEqual([]);
    for (const text of ["17 de junio de 1971", "17 juin 1971", "17. Juni 1971", "17 giugno", "17 JUNHO 1971"]) {
      expect(fieldsIn({ dob: "1971-06-17" }, text), text).toEqual(["dob"]);
    }
    expect(fieldsIn({ dob: "1971-06-17" }, "17 juillet 1971")).toEqual([]);
  });

  it("counts plain-word list members only when two of them appear together", () => {
    const vault = { medications: "['sense', 'film', 'Mr']" };
    expect(fieldsIn(vault, "that makes sense")).toEqual([]);
    expect(fieldsIn(vault, "Medications: sense, film")).toEqual(["medications"]);
  });

  it("needs context for a one-letter rating and finds phrases in any order", () => {
    expect(fieldsIn({ rating: "C" }, "Internal Rating: C")).toEqual(["rating"]);
    expect(fieldsIn({ rating: "C" }, "Plan C is rated a success")).toEqual([]);
    expect(fieldsIn({ diagnosis: "Hypertension Stage 2" }, "stage 2 hypertension")).toEqual(["diagnosis"]);
  });

  it("finds a value inside base64-encoded text, at the encoded run, in either alphabet, padded or not", () => {
    const vault = { patient: "Rita Butler", ssn: "121-83-2523" };
    const encoded = Buffer.from("Patient Rita Butler, SSN 121-83-2523.").toString("base64");
    expect(fieldsIn(vault, `attachment: ${encoded}`)).toEqual(["patient", "ssn"]);
    expect(fieldsIn(vault, `jwt ${Buffer.from('{"sub":"Rita Butler"}').toString("base64url")}.sig`)).toEqual(["patient"]);
    const hit = createMeter(vault).detect(`x ${encoded}`).find((h) => h.field === "ssn")!;
    expect([hit.start, hit.end]).toEqual([2, 2 + encoded.length]);
    expect(fieldsIn(vault, `hash ${Buffer.from("nothing protected in this one").toString("base64")}`)).toEqual([]);
  });

  it("fieldsIn gives the vault fields detect finds, in vault order, without the known ones", () => {
    const vault = { patient: "Rita Butler", ssn: "121-83-2523", dob: "1971-06-17", medications: "['sense', 'film']", balance: 484801.59 };
    const meter = createMeter(vault);
    const b64 = (text: string) => Buffer.from(text).toString("base64");
    const texts = ["Ms. Butler, SSN ***-**-2523, born June 17", "that makes sense, $485K", "Medications: sense, film. Butler, Rita", "", "nothing here", `Basic ${b64("Rita Butler:pw")} and SSN 121 83 2523`];
    for (const text of texts) {
      const found = new Set(meter.detect(text).map((hit) => hit.field));
      const detected = Object.keys(vault).filter((field) => found.has(field));
      expect(meter.fieldsIn(text, new Set()), text).toEqual(detected);
      expect(meter.fieldsIn(text, new Set(["ssn", "medications"])), text).toEqual(detected.filter((f) => f !== "ssn" && f !== "medications"));
    }
  });
});

describe("meter: a surname generated data wrote without its apostrophe", () => {
  it("counts `O’Neill` and `O'NEILL` for `Oneill`, not another prefix's `M’Neill`", () => {
    const vault = { witness: "Julie Oneill" };
    for (const text of ["Julie O’Neill", "O'Neill, Julie", "Ms. O’Neill", "O'NEILL testified", "Julie Oneill"]) expect(fieldsIn(vault, text), text).toEqual(["witness"]);
    for (const text of ["Ramona M’Neill", "Julie Neill"]) expect(fieldsIn(vault, text), text).toEqual([]);
  });
});

describe("meter: an identifier's digits inside a longer group", () => {
  it("counts them from a group's first digit to a group's last, not across into the middle of another (`3705-86592`, an enciphered case number, holds no `37058`)", () => {
    const vault = { client_id: "CLI-37058" };
    for (const text of ["client 37058", "ref 370-58", "CLI 37058", "id: 37 058."]) expect(fieldsIn(vault, text), text).toEqual(["client_id"]);
    for (const text of ["case RMHQ-3705-86592", "order 1237058", "370581"]) expect(fieldsIn(vault, text), text).toEqual([]);
  });
});
