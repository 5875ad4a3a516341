import { describe, expect, it } from "vitest";
import { inferFieldType } from "../../src/policy/infer.js";

describe("inferFieldType", () => {
  it.each([
    ["ssn", "939-79-6410", "ssn", "format"],
    ["ssn", "CANARY_SSN_754B6934", "canary", "format"],
    ["dob", "1957-07-28", "date", "format"],
    ["hire_date", "2017-11-09", "date", "format"],
    ["patient_name", "Ryan Wilson", "name", "value"],
    ["witness_list", "Ann Lee", "name", "value"],
    ["salary", "205902", "amount", "value"],
    ["compensation_details", "190171", "amount", "value"],
    ["credit_score", "481", "number", "value"],
    ["diagnosis_real", "Hypertension Stage 2", "text", "contextual"],
    ["confidential_strategy", "settle early", "text", "contextual"],
    ["phone_real", "+1-982-414-6584x044", "phone", "format"],
    ["email", "a@b.org", "email", "format"],
    ["credit_card_real", "3590930437661364", "card", "format"],
    ["insurance_id", "INS-67737826", "id", "format"],
    ["employee_id", "EMP-78236", "id", "format"],
    ["account_number_real", "BQTS31878104802835", "id", "format"],
    ["custom", "a@b.org", "email", "format"],
    ["custom", "2020-01-02", "date", "format"],
    ["custom", "12.5", "number", "value"],
    ["custom", "XK-99", "id", "format"],
    ["custom", "some words", "text", "contextual"],
  ])("%s = %s -> %s/%s", (field, value, kind, valueType) => {
    expect(inferFieldType(field, value)).toEqual({ kind, valueType });
  });
});
