import { WINDOW_CONFIDENCE } from "./context.js";
import type { Variant } from "./variant.js";
import { fieldNameWords } from "./words.js";

const DEPARTMENT_FIELD_WORDS: ReadonlySet<string> = new Set(["department", "dept", "division"]);

/** Whether a field holds a department, by the words of its name (`department`, `home_dept`). */
export function isDepartmentField(field: string): boolean {
  return fieldNameWords(field).some((word) => DEPARTMENT_FIELD_WORDS.has(word));
}

/**
 * Words that tell a department by its work, its tools and its job titles (`Software Engineer`,
 * `month-end close`, `Salesforce`, `account executives`): beside a department shown as another, they
 * told the real one (round 3 red team: 17 of 100 corporate lines, `the Purchasing team is responsible
 * for ... month-end close`). Normalized forms, hand-written like the case-type words.
 */
const DEPARTMENT_WORK: ReadonlyArray<readonly [departments: readonly string[], indicators: readonly string[]]> = [
  [
    ["engineering", "information technology", "it", "research and development", "r d"],
    ["software engineer", "software engineers", "software engineering", "engineers", "developer", "developers", "codebase", "code review", "code reviews", "pull request", "pull requests", "pair programming", "technical interview", "system design", "devops", "backend", "frontend"],
  ],
  [
    ["finance", "accounting", "treasury"],
    ["financial planning", "fp a", "month end close", "close calendar", "netsuite", "accounts payable", "accounts receivable", "general ledger", "financial analyst", "financial analysts", "accountant", "accountants", "financial reporting"],
  ],
  [
    ["sales", "business development"],
    ["salesforce", "account executive", "account executives", "sales rep", "sales reps", "sales quota", "quota attainment", "sales territory", "territory overview", "sales pipeline", "closing deals"],
  ],
  [
    ["marketing", "communications", "public relations"],
    ["marketing campaign", "marketing campaigns", "campaigns", "brand strategy", "seo", "content marketing", "demand generation", "social media", "hubspot", "go to market"],
  ],
  [
    ["hr", "human resources", "people operations"],
    ["recruiting", "recruiter", "recruiters", "talent acquisition", "employee relations", "benefits administration", "hris", "hr generalist", "hr business partner"],
  ],
];

/** The work words of the department a normalized value names (`engineering`, `hr`). */
export function departmentWorkVariants(normalized: string): Variant[] {
  const forms = DEPARTMENT_WORK.filter(([departments]) => departments.includes(normalized)).flatMap(([, indicators]) => indicators);
  return [...new Set(forms)].map((form) => ({ form, confidence: WINDOW_CONFIDENCE, role: "indicator" }));
}
