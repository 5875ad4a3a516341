import { WINDOW_CONFIDENCE } from "./context.js";
import type { Variant } from "./variant.js";
import { fieldNameWords, namesPhrase } from "./words.js";

const COMPLAINT_FIELD_WORDS: ReadonlySet<string> = new Set(["complaint", "complaints", "symptom", "symptoms", "presenting"]);

/** Whether a field holds what a patient came in with (`chief_complaint`, `symptoms`, `presenting_problem`), by the words of its name. */
export function isComplaintField(field: string): boolean {
  return fieldNameWords(field).some((word) => COMPLAINT_FIELD_WORDS.has(word));
}

/**
 * How clinical text writes a complaint without its own words: shorthand that counts only in capitals
 * (`SOB`, `CP`: `sob` and `cp` are words and file names; `HA` is too many things) and clinical or lay words in any case
 * (`dyspnea`, `abd pain`, `low energy`); a lay word with another everyday sense only in a phrase (`feeling anxious`: round 2 of the
 * probe met `the family is anxious to hear`, `we have exhausted all appeal options`). Normalized forms; hand-written like the clinical indicators
 * (no maintained table of them is on npm).
 */
const COMPLAINT_FORMS: ReadonlyArray<readonly [complaint: string, capitals: readonly string[], words: readonly string[]]> = [
  ["shortness of breath", ["sob", "doe"], ["dyspnea", "dyspnoea", "dyspneic", "short of breath", "breathlessness", "breathless", "difficulty breathing", "trouble breathing", "winded"]],
  ["chest pain", ["cp"], ["chest discomfort", "chest tightness", "chest pressure", "angina", "anginal", "thoracic discomfort", "thoracic pain", "substernal pain", "retrosternal pain"]],
  ["abdominal pain", [], ["abd pain", "abdo pain", "abdominal discomfort", "abdominal cramping", "stomach pain", "stomach ache", "stomachache", "belly ache", "bellyache", "belly pain", "tummy ache", "epigastric pain", "abdominal complaint", "abdominal complaints", "abdominal symptoms", "abdominal issues"]],
  ["headache", [], ["headaches", "cephalgia", "head pain", "pounding head"]],
  ["fatigue", [], ["fatigued", "tiredness", "exhaustion", "feeling exhausted", "feels exhausted", "low energy", "lethargy", "lethargic", "malaise", "always tired", "feeling tired", "feels tired"]],
  ["anxiety", [], ["feeling anxious", "feels anxious", "felt anxious", "nervousness", "panic attacks", "excessive worry", "on edge", "feels nervous", "feeling nervous", "patient anxious", "pt anxious", "appears anxious", "presents anxious", "anxious affect", "anxious mood", "anxiousness"]],
  ["back pain", ["lbp"], ["backache", "back ache", "lumbar pain", "lower back", "lumbago", "low back pain", "lower back pain", "sciatica"]],
  ["dizziness", [], ["dizzy", "vertigo", "lightheaded", "light headed", "lightheadedness"]],
  ["nausea", [], ["nauseous", "nauseated", "queasy"]],
  ["fever", [], ["febrile", "pyrexia", "high temperature"]],
  ["palpitations", [], ["racing heart", "heart racing", "pounding heart", "fluttering"]],
  ["joint pain", [], ["arthralgia", "aching joints", "sore joints"]],
  ["insomnia", [], ["trouble sleeping", "difficulty sleeping", "sleeplessness", "cannot sleep"]],
];

/** The shorthand and lay words of the complaints a normalized complaint value names. */
export function complaintVariants(normalized: string): Variant[] {
  const rows = COMPLAINT_FORMS.filter(([complaint]) => namesPhrase(normalized, complaint));
  return [
    ...rows.flatMap(([, capitals]) => capitals.map((form): Variant => ({ form, confidence: WINDOW_CONFIDENCE, role: "acronym" }))),
    ...[...new Set(rows.flatMap(([, , words]) => words))].filter((form) => form !== normalized).map((form): Variant => ({ form, confidence: WINDOW_CONFIDENCE, role: "indicator" })),
  ];
}
