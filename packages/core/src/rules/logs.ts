/**
 * Rules of the data patients log in the app, shared by the upload API, the reports and the
 * clinician screens: classes, units, grades, danger, calendar days, medication schedules.
 */

export const logClasses = [
  "ACTIVITY",
  "SYMPTOMS",
  "SLEEP",
  "NUTRITION",
  "FEELING",
  "TEMPERATURE",
  "WEIGHT",
  "MOOD",
  "BLOOD_PRESSURE",
] as const;
export type LogClass = (typeof logClasses)[number];

export const stepSources = ["APPLE_HEALTH", "GOOGLE_FIT", "MANUAL"] as const;
export type StepSource = (typeof stepSources)[number];
export const stepSourceLabels: Record<StepSource, string> = {
  APPLE_HEALTH: "Apple health",
  GOOGLE_FIT: "Google fit",
  MANUAL: "manual",
};

/** Symptom grades 0–4 with the labels patients see. */
export const symptomGradeLabels = ["Did not experience", "Mild", "Moderate", "Severe", "Very severe"] as const;
export const maxSymptomGrade = 4;
/** Unless a program says otherwise, grades from this one on are danger (severe) grades. */
export const defaultDangerGrade = 3;

/** A grade is a danger grade from the first danger level on; a missing grade shows as 0. */
export const isDangerGrade = (grade: number | null | undefined, dangerFrom: number = defaultDangerGrade): boolean =>
  (grade ?? 0) >= dangerFrom;

/**
 * A symptom's logs counted per grade, as the reports' "most logged" widgets show them: one entry for
 * each of the symptom's levels (0 where none was logged), severe where the level is a danger grade.
 */
export const countsPerGrade = (
  levels: readonly { grade: number; isDanger: boolean }[],
  totals: readonly number[],
): { grade: number; count: number; severe: boolean }[] =>
  levels.map((level) => ({ grade: level.grade, count: totals[level.grade] ?? 0, severe: level.isDanger }));

export const validationStatuses = ["Acknowledged", "Removed"] as const;
export type ValidationStatus = (typeof validationStatuses)[number];
/** Why a log was invalidated; the text itself is sent and stored. */
export const invalidationReasons = [
  "Accidental log",
  "Incorrect symptom type",
  "Incorrect symptom severity",
  "Incorrect date of log",
  "Other",
] as const;
export type InvalidationReason = (typeof invalidationReasons)[number];

export const temperatureUnits = ["C", "F"] as const;
export type TemperatureUnit = (typeof temperatureUnits)[number];
export const weightUnits = ["kg", "lb"] as const;
export type WeightUnit = (typeof weightUnits)[number];

const round = (value: number, decimals: number) => {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
};

/** Degrees Celsius, to two decimals (Fahrenheit converted). */
export const toCelsius = (value: number, unit: TemperatureUnit): number =>
  unit === "C" ? round(value, 2) : round(((value - 32) * 5) / 9, 2);

/** Kilograms, to two decimals (pounds divided by 2.2, as the specification says). */
export const toKilograms = (value: number, unit: WeightUnit): number =>
  unit === "kg" ? round(value, 2) : round(value / 2.2, 2);

/** What a body can plausibly measure; outside it a value is a typing or unit error. */
export const plausible = {
  temperatureC: { min: 30, max: 45 },
  weightKg: { min: 20, max: 350 },
  stepsPerLog: { max: 200_000 },
  activityMinutes: { max: 24 * 60 },
  sleepHours: { max: 24 },
  feeling: { min: 1, max: 5 },
  systolic: { min: 50, max: 260 },
  diastolic: { min: 30, max: 160 },
} as const;

/** Temperature bands of the dashboard (°C): above 37.5 is high, 36 or below is low. */
export const temperatureBands = { high: 37.5, low: 36, chartMin: 35.4, chartMax: 39, chartStep: 0.5 } as const;
export type TemperatureBand = "high" | "low" | "normal";
export const temperatureBand = (celsius: number): TemperatureBand =>
  celsius > temperatureBands.high ? "high" : celsius <= temperatureBands.low ? "low" : "normal";

/** The app may be a few minutes ahead of the server's clock; beyond that a date is in the future. */
export const clockSkewAllowanceSeconds = 5 * 60;

export const calendarDayTypes = ["DANGER", "LOGGED", "DEFAULT"] as const;
export type CalendarDayType = (typeof calendarDayTypes)[number];

export interface DayLog {
  logClass: LogClass;
  isDanger: boolean;
  validationStatus: ValidationStatus | null;
}

/**
 * A calendar day: danger if a symptom log of it is at a danger grade; logged if any symptom or
 * activity log exists; otherwise default. Acknowledged when it has symptom logs and all of them
 * are Acknowledged. Removed (invalidated) logs count for nothing.
 */
export const classifyDay = (logs: readonly DayLog[]): { type: CalendarDayType; acknowledged: boolean } => {
  const live = logs.filter((l) => l.validationStatus !== "Removed");
  const symptoms = live.filter((l) => l.logClass === "SYMPTOMS");
  const type: CalendarDayType = symptoms.some((l) => l.isDanger)
    ? "DANGER"
    : live.some((l) => l.logClass === "SYMPTOMS" || l.logClass === "ACTIVITY")
      ? "LOGGED"
      : "DEFAULT";
  const acknowledged = symptoms.length > 0 && symptoms.every((l) => l.validationStatus === "Acknowledged");
  return { type, acknowledged };
};

export const medicationFrequencies = [
  "ONCE_DAILY",
  "TWICE_DAILY",
  "THREE_TIMES_DAILY",
  "FOUR_TIMES_DAILY",
  "EVERY_OTHER_DAY",
  "WEEKLY",
  "AS_NEEDED",
] as const;
export type MedicationFrequency = (typeof medicationFrequencies)[number];
export const medicationFrequencyLabels: Record<MedicationFrequency, string> = {
  ONCE_DAILY: "Once a day",
  TWICE_DAILY: "Twice a day",
  THREE_TIMES_DAILY: "Three times a day",
  FOUR_TIMES_DAILY: "Four times a day",
  EVERY_OTHER_DAY: "Every other day",
  WEEKLY: "Once a week",
  AS_NEEDED: "As needed",
};

export const medicationEventStatuses = ["LOGGED", "SKIPPED", "SCHEDULED", "MISSED"] as const;
export type MedicationEventStatus = (typeof medicationEventStatuses)[number];
export const skipReasons = [
  "FORGOT",
  "SIDE_EFFECTS",
  "FEELING_UNWELL",
  "RAN_OUT",
  "ADVISED_BY_CLINICIAN",
  "OTHER",
] as const;
export type SkipReason = (typeof skipReasons)[number];
export const skipReasonLabels: Record<SkipReason, string> = {
  FORGOT: "Forgot",
  SIDE_EFFECTS: "Side effects",
  FEELING_UNWELL: "Feeling unwell",
  RAN_OUT: "Ran out",
  ADVISED_BY_CLINICIAN: "Advised by clinician",
  OTHER: "Other",
};

const DAY_MS = 86_400_000;
const dayNumber = (isoDate: string) => Math.floor(Date.parse(`${isoDate}T00:00:00Z`) / DAY_MS);

/**
 * A medication as the adherence rule reads it. `countFrom`: the first day whose doses count, the
 * patient's consent day in the program (null: none known, the medication's start). Doses before
 * consent could never be logged (the upload refuses them), so counting them shows a patient who
 * consented on 27 November to a medicine "started" on 24 November as 25 % adherent after the one
 * dose they could take.
 */
export interface AdherenceMedication {
  frequency: MedicationFrequency;
  startDate: string;
  endDate: string | null;
  countFrom?: string | null | undefined;
}

/**
 * Doses a medication expects on a calendar day (YYYY-MM-DD), counted from the later of its start
 * date and `countFrom` (the consent day); 0 before, after it ends, and always for AS_NEEDED. The
 * rhythm of every-other-day and weekly medicines still runs from the start date.
 */
export const dosesExpectedOn = (medication: AdherenceMedication, date: string): number => {
  if (date < medication.startDate || (medication.endDate && date > medication.endDate)) return 0;
  if (medication.countFrom && date < medication.countFrom) return 0;
  const sinceStart = dayNumber(date) - dayNumber(medication.startDate);
  switch (medication.frequency) {
    case "ONCE_DAILY":
      return 1;
    case "TWICE_DAILY":
      return 2;
    case "THREE_TIMES_DAILY":
      return 3;
    case "FOUR_TIMES_DAILY":
      return 4;
    case "EVERY_OTHER_DAY":
      return sinceStart % 2 === 0 ? 1 : 0;
    case "WEEKLY":
      return sinceStart % 7 === 0 ? 1 : 0;
    case "AS_NEEDED":
      return 0;
  }
};

/**
 * Adherence of one medication over days: doses logged out of doses expected (logged + skipped +
 * missed), doses expected from the later of its start and the consent day (dosesExpectedOn).
 * Days before `today` with fewer recorded events than expected doses count as missed;
 * today's and future doses not yet recorded are scheduled, not missed.
 */
export const adherenceOf = (
  medication: AdherenceMedication,
  days: readonly string[],
  recorded: ReadonlyMap<string, { logged: number; skipped: number }>,
  today: string,
): { logged: number; skipped: number; missed: number; scheduled: number; total: number; adherence: number | null } => {
  let logged = 0;
  let skipped = 0;
  let missed = 0;
  let scheduled = 0;
  for (const day of days) {
    const expected = dosesExpectedOn(medication, day);
    const r = recorded.get(day) ?? { logged: 0, skipped: 0 };
    logged += r.logged;
    skipped += r.skipped;
    const open = Math.max(0, expected - r.logged - r.skipped);
    if (day < today) missed += open;
    else scheduled += open;
  }
  const total = logged + skipped + missed;
  return {
    logged,
    skipped,
    missed,
    scheduled,
    total,
    adherence: total === 0 ? null : Math.round((logged / total) * 100),
  };
};

/** Every date from start to end inclusive (YYYY-MM-DD). */
export const datesBetween = (start: string, end: string): string[] => {
  const out: string[] = [];
  for (let d = dayNumber(start); d <= dayNumber(end); d++) out.push(new Date(d * DAY_MS).toISOString().slice(0, 10));
  return out;
};

/** The patient's calendar day of an instant, given the UTC offset (minutes) their phone reported. */
export const localDateOf = (instant: Date, utcOffsetMinutes: number): string =>
  new Date(instant.getTime() + utcOffsetMinutes * 60_000).toISOString().slice(0, 10);

/** The UTC offset in minutes of an ISO 8601 date with an offset ("Z" is 0); null without one. */
export const utcOffsetOf = (isoDate: string): number | null => {
  const match = isoDate.match(/(Z|([+-])(\d{2}):?(\d{2}))$/);
  if (!match) return null;
  if (match[1] === "Z") return 0;
  const minutes = Number(match[3]) * 60 + Number(match[4]);
  return match[2] === "-" ? -minutes : minutes;
};
