import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addDays,
  catchUp,
  daysBetween,
  deferRange,
  isValidDeferDate,
  type MemberOutcome,
  minimumNumberToSend,
  nextPlanMemberStart,
  type Occurrence,
  type PlanMemberRule,
  patientStartDateRange,
  planMemberFrequencyDays,
  programScheduleStartDate,
  questionnaireDayStatus,
  reminderAt,
  sendDates,
  windowClosesAt,
  wireEventStatus,
  wireStartDay,
} from "./questionnaire-delivery.js";

describe("send dates", () => {
  it("starts a program-level schedule on the consent day plus the entered start day minus 1", () => {
    expect(wireStartDay(1)).toBe(0);
    expect(programScheduleStartDate("2026-03-02", wireStartDay(1))).toBe("2026-03-02");
    expect(programScheduleStartDate("2026-03-02", wireStartDay(8))).toBe("2026-03-09");
    expect(programScheduleStartDate("2026-02-27", wireStartDay(3))).toBe("2026-03-01");
  });

  it("sends every frequency days, numberToSend times; once sends one", () => {
    expect(sendDates({ startDate: "2026-03-02", frequency: 7, numberToSend: 3 })).toEqual([
      "2026-03-02",
      "2026-03-09",
      "2026-03-16",
    ]);
    expect(sendDates({ startDate: "2026-03-02", frequency: 0, numberToSend: 5 })).toEqual(["2026-03-02"]);
    expect(sendDates({ startDate: "2026-12-31", frequency: 1, numberToSend: 2 })).toEqual(["2026-12-31", "2027-01-01"]);
  });

  it("reads a plan member's stored frequency", () => {
    expect(planMemberFrequencyDays("once", null)).toBe(0);
    expect(planMemberFrequencyDays(null, null)).toBe(0);
    expect(planMemberFrequencyDays("7", null)).toBe(7);
    expect(planMemberFrequencyDays("custom", 45)).toBe(45);
  });

  it("closes the window after the response window and reminds once before", () => {
    expect(windowClosesAt("2026-03-02", 3).toISOString()).toBe("2026-03-05T00:00:00.000Z");
    expect(reminderAt("2026-03-02", 3).toISOString()).toBe("2026-03-04T00:00:00.000Z");
    expect(reminderAt("2026-03-02", 1).toISOString()).toBe("2026-03-02T12:00:00.000Z");
  });

  it("counts days across months and years", () => {
    expect(daysBetween("2026-02-27", "2026-03-02")).toBe(3);
    expect(addDays("2026-03-02", -29)).toBe("2026-02-01");
  });

  it("needs two sends for every day", () => {
    expect(minimumNumberToSend(1)).toBe(2);
    expect(minimumNumberToSend(7)).toBe(1);
  });
});

describe("catching up after downtime", () => {
  const occ = (occurrence: number, date: string, responseWindowDays = 1, planMemberOrder = 0): Occurrence => ({
    occurrence,
    date,
    responseWindowDays,
    planMemberOrder,
  });

  it("sends only the latest open occurrence and records the older ones as missed", () => {
    const now = new Date("2026-03-10T09:00:00Z");
    const pending = [
      occ(0, "2026-03-02", 7),
      occ(1, "2026-03-05", 7),
      occ(2, "2026-03-08", 7),
      occ(3, "2026-03-11", 7),
    ];
    const { send, missed } = catchUp(pending, now);
    expect(send.map((o) => o.occurrence)).toEqual([2]);
    expect(missed.map((o) => o.occurrence).sort()).toEqual([0, 1]);
  });

  it("records as missed an occurrence whose window closed, and sends nothing in the future", () => {
    const { send, missed } = catchUp(
      [occ(0, "2026-03-01", 1), occ(1, "2026-03-20", 1)],
      new Date("2026-03-05T00:00:00Z"),
    );
    expect(send).toEqual([]);
    expect(missed.map((o) => o.occurrence)).toEqual([0]);
  });

  it("never sends two of one plan member, and accounts for every occurrence due (property)", () => {
    const day = fc.integer({ min: 0, max: 60 }).map((n) => addDays("2026-01-01", n));
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ date: day, window: fc.integer({ min: 1, max: 14 }), member: fc.integer({ min: 0, max: 2 }) }),
          {
            maxLength: 30,
          },
        ),
        fc.integer({ min: 0, max: 70 * 24 }),
        (items, hours) => {
          const pending = items.map((x, i) => occ(i, x.date, x.window, x.member));
          const now = new Date(Date.parse("2026-01-01T00:00:00Z") + hours * 3_600_000);
          const { send, missed } = catchUp(pending, now);
          const members = send.map((o) => o.planMemberOrder);
          expect(new Set(members).size).toBe(members.length);
          const today = now.toISOString().slice(0, 10);
          const due = pending.filter((o) => o.date <= today);
          expect(send.length + missed.length).toBe(due.length);
          expect(new Set([...send, ...missed]).size).toBe(due.length);
          for (const o of send)
            expect(windowClosesAt(o.date, o.responseWindowDays).getTime()).toBeGreaterThan(now.getTime());
        },
      ),
    );
  });
});

describe("plans", () => {
  const member = (p: Partial<PlanMemberRule>): PlanMemberRule => ({
    order: 2,
    schedulingType: "delay",
    conditionType: "always",
    condition: null,
    delayDays: 7,
    delayType: null,
    frequencyDays: 0,
    numberToSend: 1,
    responseWindowDays: 3,
    ...p,
  });
  const outcome = (p: Partial<MemberOutcome>): MemberOutcome => ({
    allSent: true,
    lastDate: "2026-03-02",
    resolved: false,
    completed: false,
    completedDate: null,
    answers: {},
    ...p,
  });

  it("starts a delayed member its delay after the previous delivery", () => {
    expect(nextPlanMemberStart(member({}), outcome({}))).toEqual({ kind: "start", date: "2026-03-09" });
    expect(nextPlanMemberStart(member({}), outcome({ allSent: false }))).toEqual({ kind: "wait" });
  });

  it("waits for completion, then counts from it; stops when it never came", () => {
    const m = member({
      schedulingType: "delay_with_condition",
      conditionType: "completion",
      delayType: "from_completion",
    });
    expect(nextPlanMemberStart(m, outcome({}))).toEqual({ kind: "wait" });
    expect(nextPlanMemberStart(m, outcome({ resolved: true, completed: true, completedDate: "2026-03-03" }))).toEqual({
      kind: "start",
      date: "2026-03-10",
    });
    expect(nextPlanMemberStart(m, outcome({ resolved: true }))).toEqual({ kind: "stop" });
  });

  it("follows a question condition on the previous member's answer", () => {
    const m = member({
      schedulingType: "delay_with_condition",
      conditionType: "question",
      condition: { questionId: "pain", answer: "yes" },
      delayType: "from_delivery",
      delayDays: 0,
    });
    const done = { resolved: true, completed: true, completedDate: "2026-03-02" };
    expect(nextPlanMemberStart(m, outcome({ ...done, answers: { pain: "yes" } }))).toEqual({
      kind: "start",
      date: "2026-03-02",
    });
    expect(nextPlanMemberStart(m, outcome({ ...done, answers: { pain: ["no", "yes"] } }))).toEqual({
      kind: "start",
      date: "2026-03-02",
    });
    expect(nextPlanMemberStart(m, outcome({ ...done, answers: { pain: "no" } }))).toEqual({ kind: "stop" });
  });
});

describe("statuses and form bounds", () => {
  const today = "2026-03-10";
  it("reads Completed, N% Completed, Failed to respond and Not started yet", () => {
    expect(questionnaireDayStatus({ date: "2026-03-01", today, completed: true, answered: 6, total: 6 }).label).toBe(
      "Completed",
    );
    expect(questionnaireDayStatus({ date: "2026-03-01", today, completed: false, answered: 3, total: 6 }).label).toBe(
      "50% Completed",
    );
    expect(questionnaireDayStatus({ date: "2026-03-06", today, completed: false, answered: 0, total: 6 }).label).toBe(
      "Failed to respond",
    );
    expect(questionnaireDayStatus({ date: "2026-03-07", today, completed: false, answered: 0, total: 6 }).label).toBe(
      "Not started yet",
    );
  });

  it("maps stored states to the API's statuses", () => {
    expect(wireEventStatus("DUE")).toBe("NOT_COMPLETED");
    expect(wireEventStatus("IN_PROGRESS")).toBe("NOT_COMPLETED");
    expect(wireEventStatus("MISSED")).toBe("MISSED");
  });

  it("starts a patient's schedule from consent, at most 29 days back, up to 180 days ahead", () => {
    expect(patientStartDateRange("2026-03-05", today)).toEqual({ min: "2026-03-05", max: "2026-09-06" });
    expect(patientStartDateRange("2025-12-01", today)).toEqual({ min: "2026-02-09", max: "2026-09-06" });
  });

  it("defers a plan member from tomorrow to next send + 30 days, not to the same day", () => {
    expect(deferRange("2026-03-12", today)).toEqual({ min: "2026-03-11", max: "2026-04-11" });
    expect(isValidDeferDate("2026-03-10", "2026-03-12", today)).toBe(false);
    expect(isValidDeferDate("2026-03-12", "2026-03-12", today)).toBe(false);
    expect(isValidDeferDate("2026-04-11", "2026-03-12", today)).toBe(true);
    expect(isValidDeferDate("2026-04-12", "2026-03-12", today)).toBe(false);
  });
});
