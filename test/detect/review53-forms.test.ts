/**
 * Session 53: the dev scenarios' own clinical values (the ten diagnoses, the sensitive diagnosis notes, the chief complaints and
 * allergies their generator draws, so the held-out scenarios hold them too) in the shorthand, drug and lay words clinical text
 * writes them with; probed on the code before, each form below reached an outsider as written. And the ordinary text the
 * fixes must not change.
 */
import { describe, expect, it } from "vitest";
import { reviewForms } from "../helpers/review-forms.js";

const { guardFor, deliver, expectHiddenFromOutsider, expectKept } = reviewForms("review53-secret");

describe("session 53: a diagnosis from the dev list by its shorthand, drugs and lay names", () => {
  it("osteoarthritis: `OA`, `DJD`, degenerative joint disease, arthritis of a joint, its drugs", () => {
    const chart = { patient_name: "Gregory Olson", diagnosis: "Osteoarthritis" };
    expectHiddenFromOutsider(chart, "Assessment: OA of both knees, on meloxicam.", ["OA", "meloxicam"]);
    expectHiddenFromOutsider(chart, "History of degenerative joint disease (DJD) in the hip.", ["degenerative joint disease", "DJD"]);
    expectHiddenFromOutsider(chart, "Knee arthritis limits his walking; Celebrex helps.", ["arthritis", "Celebrex"]);
  });

  it("chronic back pain: `CLBP`, sciatica, lumbago, its muscle relaxant", () => {
    const chart = { patient_name: "Gregory Olson", diagnosis: "Chronic Back Pain" };
    expectHiddenFromOutsider(chart, "CLBP with sciatica on the left; cyclobenzaprine at night.", ["CLBP", "sciatica", "cyclobenzaprine"]);
    expectHiddenFromOutsider(chart, "Years of lumbago.", ["lumbago"]);
  });

  it("asthma by its controller inhalers and `reactive airway disease`; migraine by its preventives; depression as `MDD`", () => {
    expectHiddenFromOutsider({ diagnosis: "Asthma" }, "Uses Symbicort daily, Flovent before; reactive airway disease since childhood.", ["Symbicort", "Flovent", "reactive airway"]);
    expectHiddenFromOutsider({ diagnosis: "Migraine" }, "Started topiramate; Nurtec as needed.", ["topiramate", "Nurtec"]);
    expectHiddenFromOutsider({ diagnosis: "Depression" }, "MDD, stable on current plan.", ["MDD"]);
  });

  it("keeps words these forms sit inside, and the forms in a chart without the diagnosis", () => {
    expectKept({ diagnosis: "Osteoarthritis" }, "The OAuth token expired; see the FAQ.");
    expectKept({ diagnosis: "Hypertension" }, "Uses Symbicort daily; CLBP noted; started topiramate.");
    expectKept({ diagnosis: "Depression" }, "The patient is doing well today.");
  });
});

describe("session 53: the dev list's sensitive diagnosis notes in clinical words", () => {
  it("a BRCA1 carrier, a gender reassignment, alcohol and opioid treatment, a terminal lung cancer, bipolar disorder", () => {
    expectHiddenFromOutsider({ diagnosis: "carries the BRCA1 gene mutation" }, "BRCA-positive; prophylactic mastectomy discussed.", ["BRCA", "prophylactic mastectomy"]);
    expectHiddenFromOutsider({ diagnosis: "underwent gender reassignment surgery in 2021" }, "She is transgender; post-op SRS.", ["transgender", "SRS"]);
    expectHiddenFromOutsider({ assessment: "enrolled in alcohol dependency treatment program" }, "Attends AA meetings; 200 days of sobriety.", ["AA meetings", "sobriety"]);
    expectHiddenFromOutsider({ diagnosis: "recovering from opioid addiction since March" }, "In recovery from OUD.", ["OUD"]);
    expectHiddenFromOutsider({ diagnosis: "terminal lung cancer diagnosis with 6-month prognosis" }, "Stage IV NSCLC; hospice discussed.", ["NSCLC", "hospice"]);
    expectHiddenFromOutsider({ diagnosis: "has bipolar disorder managed with lithium" }, "BPAD, stable.", ["BPAD"]);
  });
});

describe("session 53: a chief complaint by its clinical shorthand and lay words", () => {
  it("shortness of breath, chest pain, abdominal pain, headache, fatigue, anxiety", () => {
    expectHiddenFromOutsider({ chief_complaint: "shortness of breath" }, "c/o SOB; dyspnea on exertion.", ["SOB", "dyspnea"]);
    expectHiddenFromOutsider({ chief_complaint: "chest pain" }, "CP radiating to the left arm; chest tightness at rest.", ["CP", "tightness"]);
    expectHiddenFromOutsider({ chief_complaint: "abdominal pain" }, "Abd pain for two days, worse after meals.", ["Abd pain"]);
    expectHiddenFromOutsider({ chief_complaint: "headache" }, "Reports cephalgia since Monday.", ["cephalgia"]);
    expectHiddenFromOutsider({ chief_complaint: "fatigue" }, "Feels exhausted, low energy all week.", ["exhausted", "low energy"]);
    expectHiddenFromOutsider({ chief_complaint: "anxiety" }, "Feeling anxious before work.", ["anxious"]);
  });

  it("keeps the same letters as ordinary words and another visit's complaint", () => {
    expectKept({ chief_complaint: "shortness of breath" }, "She began to sob when the news came.");
    expectKept({ chief_complaint: "chest pain" }, "CPU usage is high; the CPT code is pending.");
    expectKept({ chief_complaint: "headache" }, "Feels exhausted after the trip.");
  });

  it("an authorized reader gets the shorthand as written", () => {
    const guard = guardFor({ chief_complaint: "shortness of breath" });
    expect(deliver(guard, "c/o SOB; dyspnea on exertion.", "reader")).toBe("c/o SOB; dyspnea on exertion.");
  });
});

describe("session 53: an allergy by its pharmacy shorthand", () => {
  it("`PCN` of penicillin", () => {
    expectHiddenFromOutsider({ allergies: ["Penicillin", "Latex"] }, "Allergies: PCN (rash).", ["PCN"]);
  });
});
