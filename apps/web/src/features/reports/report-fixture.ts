import type { LogItem, LogType, MedicationAdherence, ParticipantReport, SymptomGroup } from "@openpro/core";

/** Test data: a participant report as the reports endpoint answers it. */

export const nauseaType: LogType = {
  logTypeId: "10028813",
  name: "Nausea",
  identifier: "10028813",
  ctcaeVersion: "5.0",
  category: "Gastrointestinal",
  levels: [0, 1, 2, 3, 4].map((grade) => ({ id: `n${grade}`, grade, label: `Grade ${grade}`, isDanger: grade >= 3 })),
};
export const fatigueType: LogType = { ...nauseaType, logTypeId: "10016256", name: "Fatigue", identifier: "10016256" };

export const logItem = (over: Partial<LogItem> = {}): LogItem => ({
  logId: "55555555-5555-4555-8555-000000000001",
  logClass: "SYMPTOMS",
  date: "2026-03-02T09:30:00.000Z",
  localDate: "2026-03-02",
  logTypeId: nauseaType.logTypeId,
  validationStatus: null,
  validationReason: null,
  level: { grade: 3, isDanger: true },
  data: { grade: 3 },
  ...over,
});

export const symptomGroup = (log: LogType, items: LogItem[]): SymptomGroup => ({
  log,
  grade: Math.max(0, ...items.map((i) => i.data.grade ?? 0)),
  count: items.length,
  isDanger: items.some((i) => i.level?.isDanger),
  items,
  totals: { 0: 0, 1: 0, 2: 0, 3: items.length, 4: 0 },
});

const temperature = (id: number, date: string, value: number): LogItem =>
  logItem({
    logId: `66666666-6666-4666-8666-${String(id).padStart(12, "0")}`,
    logClass: "TEMPERATURE",
    date,
    localDate: date.slice(0, 10),
    logTypeId: null,
    level: null,
    data: { value, unit: "C" },
  });

export const temperatures: LogItem[] = [
  temperature(1, "2026-03-01T08:00:00.000Z", 36.8),
  temperature(2, "2026-03-02T08:00:00.000Z", 38.2),
  temperature(3, "2026-03-03T08:00:00.000Z", 35.9),
];

const medication = (over: Partial<MedicationAdherence["medication"]> = {}): MedicationAdherence["medication"] => ({
  medicationId: "77777777-7777-4777-8777-000000000001",
  name: "Ondansetron",
  dosage: "8",
  dosageUnit: "mg",
  frequency: "TWICE_DAILY",
  snomedId: null,
  startDate: "2026-03-01",
  endDate: null,
  ...over,
});

export const newLogs = [
  logItem({ logId: "55555555-5555-4555-8555-000000000001" }),
  logItem({
    logId: "55555555-5555-4555-8555-000000000002",
    date: "2026-03-03T10:00:00.000Z",
    localDate: "2026-03-03",
    level: { grade: 1, isDanger: false },
    data: { grade: 1 },
  }),
];
export const acknowledgedLog = logItem({
  logId: "55555555-5555-4555-8555-000000000003",
  logTypeId: fatigueType.logTypeId,
  validationStatus: "Acknowledged",
  date: "2026-03-01T12:00:00.000Z",
  localDate: "2026-03-01",
  level: { grade: 2, isDanger: false },
  data: { grade: 2 },
});

export const reportFixture = (over: Partial<ParticipantReport> = {}): ParticipantReport => ({
  startDate: "2026-03-01",
  endDate: "2026-03-05",
  days: [
    { date: "2026-03-01", type: "LOGGED", acknowledged: true },
    { date: "2026-03-02", type: "DANGER", acknowledged: false },
  ],
  symptoms: [symptomGroup(nauseaType, newLogs), symptomGroup(fatigueType, [acknowledgedLog])],
  symptomsNew: [symptomGroup(nauseaType, newLogs)],
  symptomsAcknowledged: [symptomGroup(fatigueType, [acknowledgedLog])],
  symptomsRemoved: [],
  mostLoggedSymptoms: [
    {
      logType: nauseaType,
      count: 2,
      grades: [
        { grade: 1, count: 1, severe: false },
        { grade: 3, count: 1, severe: true },
      ],
    },
    { logType: fatigueType, count: 1, grades: [{ grade: 2, count: 1, severe: false }] },
  ],
  steps: [
    { date: "2026-03-01", total: 4200 },
    { date: "2026-03-02", total: 5100 },
  ],
  stepsTotal: { dailyAvg: 4650, total: 9300 },
  activitiesTotal: { dailyAvg: 1, total: 2 },
  activities: [{ activityType: "Walking", count: 2, totalMinutes: 60 }],
  temperatures,
  medicationAdherence: [
    {
      medication: medication(),
      total: 4,
      logged: 3,
      skipped: 1,
      missed: 0,
      adherence: 75,
      events: [
        {
          medicationEventId: "88888888-8888-4888-8888-000000000001",
          medicationId: "77777777-7777-4777-8777-000000000001",
          status: "LOGGED",
          date: "2026-03-01T08:00:00.000Z",
          notes: null,
          skipReasonNotes: null,
          displaySkipReasonType: null,
          displayMedication: { name: "Ondansetron", dosage: "8", dosageUnit: "mg", snomedId: null },
        },
      ],
    },
    {
      medication: medication({
        medicationId: "77777777-7777-4777-8777-000000000002",
        name: "Paracetamol",
        frequency: "AS_NEEDED",
      }),
      total: 0,
      logged: 0,
      skipped: 0,
      missed: 0,
      adherence: null,
      events: [],
    },
  ],
  appointments: [],
  weights: {
    unit: "kg",
    avg: 70.5,
    dayAvg: [
      { date: "2026-03-01", avg: 71 },
      { date: "2026-03-03", avg: 70 },
    ],
    items: [
      logItem({
        logId: "99999999-9999-4999-8999-000000000001",
        logClass: "WEIGHT",
        date: "2026-03-01T07:00:00.000Z",
        localDate: "2026-03-01",
        logTypeId: null,
        level: null,
        data: { value: 71, unit: "kg" },
      }),
      logItem({
        logId: "99999999-9999-4999-8999-000000000002",
        logClass: "WEIGHT",
        date: "2026-03-03T07:00:00.000Z",
        localDate: "2026-03-03",
        logTypeId: null,
        level: null,
        data: { value: 70, unit: "kg" },
      }),
    ],
    count: 2,
  },
  logs: [],
  senderData: {
    userId: "44444444-4444-4444-8444-444444444444",
    firstName: "Ada",
    lastName: "Lovelace",
    dateConsentGiven: "2026-03-01T09:00:00.000Z",
    dateConsentRevoked: null,
    reportsEarliestDate: "2026-03-01",
    reportsLatestDate: "2026-03-03",
  },
  ...over,
});
