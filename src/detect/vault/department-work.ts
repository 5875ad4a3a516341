import { WINDOW_CONFIDENCE } from "./context.js";
import { normalizeValue } from "./normalize.js";
import type { Variant } from "./variant.js";
import { fieldNameWords } from "./words.js";

const DEPARTMENT_FIELD_WORDS: ReadonlySet<string> = new Set(["department", "dept", "division"]);

/** Whether a field holds a department, by the words of its name (`department`, `home_dept`). */
export function isDepartmentField(field: string): boolean {
  return fieldNameWords(field).some((word) => DEPARTMENT_FIELD_WORDS.has(word));
}

const POSITION_FIELD_WORDS: ReadonlySet<string> = new Set(["position", "title", "role", "job"]);

/** Whether a field holds a job's position or title (`position`, `job_title`). */
export function isPositionField(field: string): boolean {
  return fieldNameWords(field).some((word) => POSITION_FIELD_WORDS.has(word));
}

/** A job title as written (`Financial Analyst`, `Senior Software Engineer`): its last word names a role. */
const JOB_TITLE =
  /\b(?:analyst|engineer|manager|specialist|coordinator|representative|associate|director|accountant|developer|designer|administrator|officer|executive|consultant|lead|intern|assistant|scientist|architect|recruiter|controller|auditor|marketer|strategist|planner|buyer|technician|generalist)s?$/i;

/** Whether `written` is a job title (a department's work words may be one: the position a reader may see). */
export function isJobTitle(written: string): boolean {
  return JOB_TITLE.test(written.trim());
}

/**
 * Words that tell a department by its work, its tools and its job titles (`Software Engineer`,
 * `month-end close`, `Salesforce`, `account executives`): beside a department shown as another, they
 * told the real one (round 3 red team: 17 of 100 corporate lines, `the Purchasing team is responsible
 * for ... month-end close`; round 12: `Buddy: Keisha, Senior Engineer`, `Marketer`; round 22: `CFO org`, `revenue org`, `People Ops`).
 * Normalized forms, hand-written like the case-type words.
 */
const DEPARTMENT_WORK: ReadonlyArray<readonly [departments: readonly string[], indicators: readonly string[]]> = [
  [
    ["engineering", "information technology", "it", "research and development", "r d"],
    // Round 14 red team: `| Dept | ENG |`, `"dept": "Eng"`.
    ["eng", "eng team", "engg", "software engineer", "software engineers", "software engineering", "engineers", "developer", "developers", "codebase", "code review", "code reviews", "pull request", "pull requests", "pair programming", "technical interview", "system design", "devops", "backend", "frontend", "engineer", "senior engineer", "staff engineer", "principal engineer", "secure coding", "tech lead",
      // Round 24 audit of the dev replay: the tools and work beside a department shown as another (`access to GitHub, Jira`).
      "github", "gitlab", "jira", "ci cd", "sprint planning", "software development", "technical skills", "software applications",
      // Round 28: an interview's coding work beside an engineering department shown as another.
      "coding test", "coding tests", "coding challenge", "coding assessment", "technical assessment",
      // Session 55 judges: an engineer's work beside an engineering department shown as another.
      "software solutions", "scalable software"],
  ],
  [
    ["finance", "accounting", "treasury"],
    // Round 14 red team: `on the accounting team`, `acct team` of Finance.
    // Round 23 red team: `(FIN)` of Finance, `Brand Director, Mktg` of Marketing.
    ["fin", "fin team", "accounting team", "accounting department", "acct team", "financial planning", "fp a", "month end close", "close calendar", "netsuite", "accounts payable", "accounts receivable", "general ledger", "financial analyst", "financial analysts", "accountant", "accountants", "financial reporting", "cfo org", "cfo s org", "cfo organization", "controller s group", "controller s team", "ap ar", "financial principles", "budget analysis", "erp", "financial skills", "financial analysis", "financial modeling", "financial modelling", "financial models", "financial software"],
  ],
  [
    ["sales", "business development"],
    ["salesforce", "account executive", "account executives", "sales rep", "sales reps", "sales quota", "quota attainment", "sales territory", "territory overview", "sales pipeline", "closing deals", "salesperson", "salespeople", "revenue org", "quota carrying", "quota carrying team", "sdr", "sdrs", "bdr", "bdrs", "crm", "customer relationship management", "closed deals", "driving revenue", "revenue targets", "revenue growth",
      // Round 28: a seller's work beside a sales department shown as another.
      "lead generation", "client acquisition", "prospecting", "cold calling", "engage with clients",
      // Session 55 judges: a seller's leads beside a sales department shown as another.
      "follow up on leads", "generate leads", "sales leads"],
  ],
  [
    ["marketing", "communications", "public relations"],
    ["mktg", "mktg team", "marketing campaign", "marketing campaigns", "campaigns", "brand strategy", "seo", "content marketing", "demand generation", "social media", "hubspot", "go to market", "marketer", "marketers", "campaign deadlines", "brand awareness", "campaign effectiveness", "campaign materials", "campaign execution", "digital marketing", "lead generation", "content strategist", "content strategists", "campaign roi",
     // Session 55 judges: a marketer's work beside a marketing department shown as another.
     "campaign strategy", "campaign performance", "campaign approvals", "brand growth", "brand visibility", "brand guidelines", "brand consistency", "google analytics", "marketo", "content strategy", "content initiatives"],
  ],
  // Round 14 red team: `"dept": "GC's office"` of Legal, `Senior PM → Group PM` of Product.
  [
    ["legal", "legal affairs", "general counsel"],
    ["gc s office", "gc office", "office of the general counsel", "general counsel s office", "in house counsel", "legal team", "legal department", "paralegal", "paralegals", "contracts team"],
  ],
  [
    ["product", "product management"],
    ["product manager", "product managers", "senior pm", "group pm", "associate pm", "principal pm", "product roadmap", "product owner", "product owners"],
  ],
  [
    ["hr", "human resources", "people operations"],
    ["people ops", "people team", "people operations team", "recruiting", "recruiter", "recruiters", "talent acquisition", "employee relations", "benefits administration", "hris", "hr generalist", "hr business partner", "open enrollment", "benefits inquiries", "employee inquiries", "benefits enrollment", "bamboohr",
     // Session 55 judges: `QA Benefits Orientation`, `QA Representative`, `QA portal` told HR behind its pseudonym; the phrase goes whole (not `HR department`, the person's own, which reads as another department).
     "hr representative", "hr rep", "hr contact", "hr portal", "hr database", "hr system", "hr specialist", "hr onboarding", "benefits orientation",
     "hr paperwork", "hr processes", "hr email", "hr compliance", "hr and compliance"],
  ],
];

/** Departments written both as initials and as words (`HR`, `Human Resources`): either one is the other's rendering. */
const DEPARTMENT_NAMES: ReadonlyArray<readonly [initials: string, words: readonly string[]]> = [
  ["HR", ["Human Resources"]],
  ["IT", ["Information Technology"]],
  ["PR", ["Public Relations"]],
  ["QA", ["Quality Assurance"]],
  ["R&D", ["Research and Development", "Research & Development"]],
];

const nameKey = (name: string): string => normalizeValue(name);

/** The names of the department `name` is one of (initials first), or null. */
function namesOf(name: string): readonly string[] | null {
  const key = nameKey(name);
  const names = DEPARTMENT_NAMES.find(([initials, words]) => [initials, ...words].some((other) => nameKey(other) === key));
  return names ? [names[0], ...names[1]] : null;
}

/** Whether `written` is another name of the department `registered` (`Human Resources` of `HR`). */
export function isOtherDepartmentName(written: string, registered: string): boolean {
  const key = nameKey(written);
  return key !== nameKey(registered) && (namesOf(registered)?.some((name) => nameKey(name) === key) ?? false);
}

/** `department` named as `like` is (its initials for initials, else its words): `R&D` as `Human Resources` is `Research and Development`. */
export function departmentNamedLike(department: string, like: string): string {
  const [names, likeNames] = [namesOf(department), namesOf(like)];
  if (names === null || likeNames === null) return department;
  return nameKey(likeNames[0]) === nameKey(like) ? names[0] : names[1];
}

/** A department value's other names (round 6 red team: `Human Resources` passed for a department registered as `HR`): initials count in capitals only. */
export function departmentNameVariants(value: string): Variant[] {
  const [initials, ...words] = namesOf(value) ?? [];
  if (initials === undefined) return [];
  return [
    { form: nameKey(initials), confidence: WINDOW_CONFIDENCE, role: "acronym" } as Variant,
    ...words.map((word): Variant => ({ form: nameKey(word), confidence: WINDOW_CONFIDENCE, role: "whole" })),
  ].filter((variant) => variant.form !== nameKey(value));
}

/** The work words of the department a normalized value names (`engineering`, `hr`). */
export function departmentWorkVariants(normalized: string): Variant[] {
  const forms = DEPARTMENT_WORK.filter(([departments]) => departments.includes(normalized)).flatMap(([, indicators]) => indicators);
  return [...new Set(forms)].map((form) => ({ form, confidence: WINDOW_CONFIDENCE, role: "indicator" }));
}
