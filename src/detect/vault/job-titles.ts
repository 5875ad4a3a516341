import { WINDOW_CONFIDENCE } from "./context.js";
import { whole, type Variant } from "./variant.js";

/** Title words and the shorthand HR text writes them with (normalized): either may be written (`Sr. Mgr` of `Senior Manager`, `Vice President` of `VP`). */
const TITLE_WORDS: ReadonlyArray<readonly [long: string, short: string]> = [
  ["senior", "sr"], ["junior", "jr"], ["manager", "mgr"], ["representative", "rep"], ["director", "dir"], ["vice president", "vp"],
  ["assistant", "asst"], ["associate", "assoc"], ["engineer", "eng"], ["executive", "exec"], ["administrator", "admin"], ["marketing", "mktg"],
  // Round 2 of the probe: other shorthand for the same words (`Snr. Manager`, `V.P.`).
  ["senior", "snr"], ["vice president", "v p"],
];

/** Initials recruiters call a role by: alone in capitals from three letters (`SWE`), any before a noun that makes them a role's (`PM role`: `3 PM` is a time). */
const ROLE_INITIALS: ReadonlyArray<readonly [title: string, initials: readonly string[]]> = [
  ["product manager", ["pm", "pdm"]], ["software engineer", ["swe", "sde"]], ["project manager", ["pm"]], ["data scientist", ["ds"]],
];
const ROLE_NOUNS = ["role", "roles", "position", "opening", "candidate", "candidates", "job", "req"];

/** The field of a job's work a title names (`data science` of `Data Scientist`, `software engineering` of `Software Engineer`). */
const TITLE_FIELDS: ReadonlyArray<readonly [title: string, fields: readonly string[]]> = [
  ["data scientist", ["data science"]], ["software engineer", ["software engineering", "software dev", "software developer"]], ["sales representative", ["sales rep", "sales reps", "inside sales"]],
];

/**
 * A job title as HR text shortens or spells it (session 53 probe: `Sr. Mgr`, `Vice President` of `VP`, `the PM role`, `SWE
 * opening`, `a data science position`). Hand-written like the department words: no maintained table of them is on npm.
 */
export function jobTitleVariants(normalized: string): Variant[] {
  // Each word long or short: a multi-word title any way (`sr manager`, `senior mgr`, `sr mgr`); one word to its long form.
  const long = TITLE_WORDS.reduce((title, [full, short]) => title.replace(new RegExp(`\\b${short}\\b`, "g"), full), normalized);
  // Each shorthand one at a time (`sr manager`, `snr manager`, `senior mgr`) and the first of each word's all at once (`sr mgr`).
  const named = TITLE_WORDS.filter(([full]) => new RegExp(`\\b${full}\\b`).test(long));
  const mixed = named.map(([full, short]) => long.replace(new RegExp(`\\b${full}\\b`), short));
  const short = named.reduce((title, [full, abbreviation]) => title.replace(new RegExp(`\\b${full}\\b`), abbreviation), long);
  // A one-word title only with what it heads (`Dir. of Engineering`): `dir` alone is a directory.
  const heads = long.includes(" ") ? [] : mixed.map((form) => `${form} of`);
  const spelled = [long, ...(long.includes(" ") ? [short, ...mixed] : heads)];
  const initials = ROLE_INITIALS.filter(([title]) => title === long).flatMap(([, forms]) => forms);
  const fields = TITLE_FIELDS.filter(([title]) => title === long).flatMap(([, forms]) => forms);
  return [
    ...[...new Set([...spelled, ...fields])].filter((form) => form !== normalized).map((form) => whole(form, WINDOW_CONFIDENCE)),
    ...initials.filter((form) => form.length >= 3).map((form): Variant => ({ form, confidence: WINDOW_CONFIDENCE, role: "acronym" })),
    ...initials.flatMap((form) => ROLE_NOUNS.map((noun) => whole(`${form} ${noun}`, WINDOW_CONFIDENCE))),
  ];
}
