import { describe, expect, it } from "vitest";
import { emptyScheduleForm, recurrenceLabel, scheduleBody, scheduleFormProblems } from "./form-rules";

const filled = { ...emptyScheduleForm, type: "hardcoded" as const, itemId: "eq5d", frequency: "7", numberToSend: "3" };

describe("the scheduling form's rules", () => {
  it("asks for the type, the item and the frequency, with the spec's messages", () => {
    expect(scheduleFormProblems(emptyScheduleForm, { audience: "all" })).toEqual([
      { field: "type", message: "You must fill in this field" },
      { field: "itemId", message: "Please choose a questionnaire to schedule" },
      { field: "frequency", message: "You must fill in this field" },
    ]);
  });

  it("bounds the start day, response window, custom frequency and times to send", () => {
    const problems = scheduleFormProblems(
      { ...filled, startDay: "0", responseWindow: "15", frequency: "custom", customFrequency: "101" },
      { audience: "all" },
    );
    expect(problems).toEqual([
      { field: "startDay", message: "Please enter a value greater than 0" },
      { field: "responseWindow", message: "Please enter a value between 1 and 14" },
      { field: "customFrequency", message: "Please enter a value between 1 and 100" },
    ]);
    expect(
      scheduleFormProblems(
        { ...filled, frequency: "custom", customFrequency: "150" },
        { audience: "user", consentDate: "2026-03-01", today: "2026-03-10" },
      ),
    ).toEqual([{ field: "startDate", message: "You must fill in this field" }]);
    expect(scheduleFormProblems({ ...filled, frequency: "1", numberToSend: "1" }, { audience: "all" })).toEqual([
      { field: "numberToSend", message: "Please enter a value between 2 and 100" },
    ]);
    expect(scheduleFormProblems({ ...filled, responseWindow: "2.5" }, { audience: "all" })).toEqual([
      { field: "responseWindow", message: "Please enter a whole number" },
    ]);
  });

  it("keeps a patient's start date between the consent day (29 days back at most) and 180 days ahead", () => {
    const context = { audience: "user" as const, consentDate: "2026-01-01", today: "2026-03-10" };
    expect(scheduleFormProblems({ ...filled, startDate: "2026-02-08" }, context)).toEqual([
      { field: "startDate", message: "Please choose a start date between 2026-02-09 and 2026-09-06" },
    ]);
    expect(scheduleFormProblems({ ...filled, startDate: "2026-02-09" }, context)).toEqual([]);
  });

  it("sends once as one, and builds the program and patient payloads", () => {
    expect(scheduleBody({ ...filled, frequency: "0", numberToSend: "5" }, { audience: "all" })).toEqual({
      type: "hardcoded",
      scheduleType: "RECURRING",
      questionnaireTypeId: "eq5d",
      responseWindow: 1,
      frequency: 0,
      numberToSend: 1,
      audience: "all",
      sendDateType: "consent_date",
      // The entered day 1 goes out as 0 (the entered value minus 1).
      startDay: 0,
    });
    expect(
      scheduleBody(
        { ...filled, type: "plan", itemId: "p1", startDate: "2026-03-10" },
        { audience: "user", userId: "u1" },
      ),
    ).toMatchObject({
      audience: "user",
      userId: "u1",
      questionnairePlanId: "p1",
      startDate: "2026-03-10",
      frequency: 0,
    });
    expect(recurrenceLabel(7, 3)).toBe("Every 7 days, 3 times");
    expect(recurrenceLabel(0, 1)).toBe("Once only");
  });
});
