import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ctcaeCatalogue, findLogType, logTypeOrUnlisted } from "../catalogue/ctcae.js";
import {
  adherenceOf,
  classifyDay,
  countsPerGrade,
  type DayLog,
  datesBetween,
  dosesExpectedOn,
  isDangerGrade,
  localDateOf,
  logClasses,
  toCelsius,
  toKilograms,
  utcOffsetOf,
  validationStatuses,
} from "./logs.js";

describe("unit conversion", () => {
  it("takes Fahrenheit to Celsius and back within the rounding of two decimals", () => {
    fc.assert(
      fc.property(fc.double({ min: 80, max: 115, noNaN: true }), (fahrenheit) => {
        const celsius = toCelsius(fahrenheit, "F");
        const back = (celsius * 9) / 5 + 32;
        // Celsius is rounded to 0.005 at worst, which is 0.009 °F.
        expect(Math.abs(back - fahrenheit)).toBeLessThanOrEqual(0.009 + 1e-9);
      }),
    );
    expect(toCelsius(100.4, "F")).toBe(38);
    expect(toCelsius(98.6, "F")).toBe(37);
    expect(toCelsius(37.456, "C")).toBe(37.46);
  });

  it("divides pounds by 2.2, to two decimals", () => {
    fc.assert(
      fc.property(fc.double({ min: 40, max: 800, noNaN: true }), (pounds) => {
        expect(Math.abs(toKilograms(pounds, "lb") - pounds / 2.2)).toBeLessThanOrEqual(0.005 + 1e-9);
      }),
    );
    expect(toKilograms(154, "lb")).toBe(70);
    expect(toKilograms(70.126, "kg")).toBe(70.13);
  });
});

describe("danger grades", () => {
  it("are the grades from the first danger level on; a missing grade is grade 0", () => {
    expect([0, 1, 2, 3, 4].map((g) => isDangerGrade(g))).toEqual([false, false, false, true, true]);
    expect(isDangerGrade(null)).toBe(false);
    expect(isDangerGrade(2, 2)).toBe(true);
  });
});

const dayLog: fc.Arbitrary<DayLog> = fc.record({
  logClass: fc.constantFrom(...logClasses),
  isDanger: fc.boolean(),
  validationStatus: fc.constantFrom(null, ...validationStatuses),
});

describe("calendar day classification", () => {
  it("is danger exactly when a live symptom log is at a danger grade", () => {
    fc.assert(
      fc.property(fc.array(dayLog, { maxLength: 12 }), (logs) => {
        const liveDanger = logs.some(
          (l) => l.logClass === "SYMPTOMS" && l.isDanger && l.validationStatus !== "Removed",
        );
        expect(classifyDay(logs).type === "DANGER").toBe(liveDanger);
      }),
    );
  });

  it("is logged when not danger and a live symptom or activity log exists, otherwise default", () => {
    fc.assert(
      fc.property(fc.array(dayLog, { maxLength: 12 }), (logs) => {
        const { type } = classifyDay(logs);
        const live = logs.filter((l) => l.validationStatus !== "Removed");
        const anyLogged = live.some((l) => l.logClass === "SYMPTOMS" || l.logClass === "ACTIVITY");
        if (type !== "DANGER") expect(type).toBe(anyLogged ? "LOGGED" : "DEFAULT");
      }),
    );
  });

  it("never counts Removed logs", () => {
    fc.assert(
      fc.property(fc.array(dayLog, { maxLength: 12 }), fc.array(dayLog, { maxLength: 6 }), (logs, extra) => {
        const removed = extra.map((l) => ({ ...l, validationStatus: "Removed" as const }));
        expect(classifyDay([...logs, ...removed])).toEqual(classifyDay(logs));
      }),
    );
    expect(classifyDay([{ logClass: "SYMPTOMS", isDanger: true, validationStatus: "Removed" }])).toEqual({
      type: "DEFAULT",
      acknowledged: false,
    });
  });

  it("is acknowledged exactly when it has live symptom logs and all of them are Acknowledged", () => {
    fc.assert(
      fc.property(fc.array(dayLog, { maxLength: 12 }), (logs) => {
        const symptoms = logs.filter((l) => l.logClass === "SYMPTOMS" && l.validationStatus !== "Removed");
        const expected = symptoms.length > 0 && symptoms.every((l) => l.validationStatus === "Acknowledged");
        expect(classifyDay(logs).acknowledged).toBe(expected);
      }),
    );
    expect(classifyDay([]).acknowledged).toBe(false);
  });
});

describe("medication schedules", () => {
  const from = (frequency: Parameters<typeof dosesExpectedOn>[0]["frequency"], endDate: string | null = null) => ({
    frequency,
    startDate: "2026-03-01",
    endDate,
  });

  it("expects doses per frequency, counted from the start date", () => {
    expect(dosesExpectedOn(from("ONCE_DAILY"), "2026-03-05")).toBe(1);
    expect(dosesExpectedOn(from("TWICE_DAILY"), "2026-03-05")).toBe(2);
    expect(dosesExpectedOn(from("THREE_TIMES_DAILY"), "2026-03-05")).toBe(3);
    expect(dosesExpectedOn(from("FOUR_TIMES_DAILY"), "2026-03-05")).toBe(4);
    expect(["2026-03-01", "2026-03-02", "2026-03-03"].map((d) => dosesExpectedOn(from("EVERY_OTHER_DAY"), d))).toEqual([
      1, 0, 1,
    ]);
    expect(["2026-03-01", "2026-03-05", "2026-03-08"].map((d) => dosesExpectedOn(from("WEEKLY"), d))).toEqual([
      1, 0, 1,
    ]);
    expect(dosesExpectedOn(from("AS_NEEDED"), "2026-03-05")).toBe(0);
    // Nothing before the start or after the end.
    expect(dosesExpectedOn(from("ONCE_DAILY"), "2026-02-28")).toBe(0);
    expect(dosesExpectedOn(from("ONCE_DAILY", "2026-03-10"), "2026-03-10")).toBe(1);
    expect(dosesExpectedOn(from("ONCE_DAILY", "2026-03-10"), "2026-03-11")).toBe(0);
    // Every other day across a leap day: 28 Feb, 1 Mar (2 days later) is a dose day.
    expect(
      dosesExpectedOn({ frequency: "EVERY_OTHER_DAY", startDate: "2028-02-28", endDate: null }, "2028-03-01"),
    ).toBe(1);
  });

  it("counts adherence on a worked example: past gaps are missed, today's are still scheduled", () => {
    const recorded = new Map([
      ["2026-03-01", { logged: 2, skipped: 0 }],
      ["2026-03-02", { logged: 1, skipped: 1 }],
      ["2026-03-03", { logged: 1, skipped: 0 }],
    ]);
    const result = adherenceOf(from("TWICE_DAILY"), datesBetween("2026-03-01", "2026-03-04"), recorded, "2026-03-04");
    expect(result).toEqual({ logged: 4, skipped: 1, missed: 1, scheduled: 2, total: 6, adherence: 67 });
    expect(adherenceOf(from("AS_NEEDED"), ["2026-03-02"], new Map(), "2026-03-04")).toEqual({
      logged: 0,
      skipped: 0,
      missed: 0,
      scheduled: 0,
      total: 0,
      adherence: null,
    });
    // Weekly from 1 March, nothing recorded, looked at on 16 March: two doses missed (1st, 8th), the 15th too.
    const weekly = adherenceOf(from("WEEKLY"), datesBetween("2026-03-01", "2026-03-16"), new Map(), "2026-03-16");
    expect(weekly).toMatchObject({ missed: 3, total: 3, adherence: 0 });
  });

  it("counts doses from the later of the consent day and the start (issue 30: 100 %, not 25 %)", () => {
    // Consented 27 November, a once-daily medicine "started" 24 November, one dose taken on the
    // 27th, looked at on the 28th: the 24th–26th could never be logged.
    const medication = {
      frequency: "ONCE_DAILY" as const,
      startDate: "2026-11-24",
      endDate: null,
      countFrom: "2026-11-27",
    };
    const days = datesBetween("2026-11-20", "2026-11-28");
    const recorded = new Map([["2026-11-27", { logged: 1, skipped: 0 }]]);
    expect(adherenceOf(medication, days, recorded, "2026-11-28")).toEqual({
      logged: 1,
      skipped: 0,
      missed: 0,
      scheduled: 1,
      total: 1,
      adherence: 100,
    });
    expect(adherenceOf({ ...medication, countFrom: null }, days, recorded, "2026-11-28").adherence).toBe(25);
    // A medicine started after consent counts from its start; every-other-day keeps its start's rhythm.
    expect(dosesExpectedOn({ ...medication, startDate: "2026-11-28" }, "2026-11-27")).toBe(0);
    const everyOther = {
      frequency: "EVERY_OTHER_DAY" as const,
      startDate: "2026-11-24",
      endDate: null,
      countFrom: "2026-11-27",
    };
    expect(["2026-11-26", "2026-11-27", "2026-11-28"].map((d) => dosesExpectedOn(everyOther, d))).toEqual([0, 0, 1]);
  });

  it("keeps its totals consistent whatever was recorded", () => {
    const days = datesBetween("2026-03-01", "2026-03-10");
    fc.assert(
      fc.property(
        fc.constantFrom("ONCE_DAILY", "TWICE_DAILY", "EVERY_OTHER_DAY", "WEEKLY", "AS_NEEDED" as const),
        fc.array(fc.tuple(fc.constantFrom(...days), fc.nat(3), fc.nat(2)), { maxLength: 10 }),
        fc.constantFrom(...days),
        (frequency, entries, today) => {
          const recorded = new Map(entries.map(([d, logged, skipped]) => [d, { logged, skipped }]));
          const r = adherenceOf(from(frequency), days, recorded, today);
          expect(r.total).toBe(r.logged + r.skipped + r.missed);
          if (r.adherence !== null) {
            expect(r.adherence).toBeGreaterThanOrEqual(0);
            expect(r.adherence).toBeLessThanOrEqual(100);
          } else expect(r.total).toBe(0);
        },
      ),
    );
  });
});

describe("the patient's calendar day", () => {
  it("comes from the offset the phone sent", () => {
    expect(utcOffsetOf("2026-03-03T23:30:00-05:00")).toBe(-300);
    expect(utcOffsetOf("2026-03-03T08:15:00+0100")).toBe(60);
    expect(utcOffsetOf("2026-03-03T08:15:00Z")).toBe(0);
    expect(utcOffsetOf("2026-03-03T08:15:00")).toBeNull();
    expect(localDateOf(new Date("2026-03-04T04:30:00Z"), -300)).toBe("2026-03-03");
    expect(localDateOf(new Date("2026-03-03T23:30:00Z"), 60)).toBe("2026-03-04");
  });
});

describe("counts per grade", () => {
  it("lists every level of the symptom, 0 where none was logged, severe where it is a danger grade", () => {
    expect(countsPerGrade(findLogType("10028813")!.levels, [0, 1, 1, 2])).toEqual([
      { grade: 0, count: 0, severe: false },
      { grade: 1, count: 1, severe: false },
      { grade: 2, count: 1, severe: false },
      { grade: 3, count: 2, severe: true },
      { grade: 4, count: 0, severe: true },
    ]);
  });
});

describe("the symptom catalogue", () => {
  it("holds at least 40 CTCAE v5.0 terms with unique ids, grades 0–4 and danger from grade 3", () => {
    expect(ctcaeCatalogue.length).toBeGreaterThanOrEqual(40);
    expect(new Set(ctcaeCatalogue.map((t) => t.logTypeId)).size).toBe(ctcaeCatalogue.length);
    expect(new Set(ctcaeCatalogue.map((t) => t.name.toLowerCase())).size).toBe(ctcaeCatalogue.length);
    for (const term of ctcaeCatalogue) {
      expect(term.identifier).toBe(term.logTypeId);
      expect(term.ctcaeVersion).toBe("5.0");
      expect(term.levels.map((l) => l.grade)).toEqual([0, 1, 2, 3, 4]);
      expect(term.levels.filter((l) => l.isDanger).map((l) => l.grade)).toEqual([3, 4]);
    }
    expect(findLogType("10028813")?.name).toBe("Nausea");
    expect(findLogType("nausea")).toBeUndefined();
  });

  it("shows a term it no longer holds under its id, with the five grades and neither version nor category", () => {
    expect(logTypeOrUnlisted("10028813")).toBe(findLogType("10028813"));
    expect(logTypeOrUnlisted("10099999")).toEqual({
      logTypeId: "10099999",
      name: "10099999",
      identifier: "10099999",
      ctcaeVersion: "",
      category: "",
      levels: [
        { id: "10099999-0", grade: 0, label: "Did not experience", isDanger: false },
        { id: "10099999-1", grade: 1, label: "Mild", isDanger: false },
        { id: "10099999-2", grade: 2, label: "Moderate", isDanger: false },
        { id: "10099999-3", grade: 3, label: "Severe", isDanger: true },
        { id: "10099999-4", grade: 4, label: "Very severe", isDanger: true },
      ],
    });
  });
});
