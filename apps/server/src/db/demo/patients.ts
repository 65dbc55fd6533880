import { nhsNumberCheckDigit, type PatientStatus, type Territory, type VerificationStatus } from "@openpro/core";
import type { Db } from "../kysely.js";
import {
  insertEnrolmentsBulk,
  insertStatusHistoryBulk,
  insertUsersBulk,
  insertVerificationHistoryBulk,
} from "./queries.js";

/**
 * A valid NHS number per demo patient (the check digit holds, as the forms demand): 9 000 000 000
 * and up, 7 919 apart, the first nine digits moved on by one when their check digit would be 10.
 */
const demoNhsNumber = (n: number): string => {
  for (let base = 900_000_000 + n * 7919; ; base++) {
    const check = nhsNumberCheckDigit(String(base));
    if (check !== null) return `${base}${check}`;
  }
};

const FIRST = [
  "Amelia",
  "Oliver",
  "Isla",
  "George",
  "Ava",
  "Noah",
  "Freya",
  "Arthur",
  "Grace",
  "Leo",
  "Sofia",
  "Jack",
  "Mia",
  "Harry",
  "Ella",
  "Oscar",
];
const LAST = [
  "Smith",
  "Jones",
  "Taylor",
  "Brown",
  "Williams",
  "Wilson",
  "Davies",
  "Evans",
  "Thomas",
  "Roberts",
  "Walker",
  "Wright",
  "Green",
  "Hall",
  "Wood",
  "Clarke",
];

/** The journey of a demo patient: statuses in order, and the verification that followed consent. */
export interface PatientStory {
  statuses: PatientStatus[];
  verification?: VerificationStatus[];
}

export const demoStories: PatientStory[] = [
  { statuses: ["INVITE_SENT"] },
  { statuses: ["INVITE_SENT", "INVITE_EXPIRED"] },
  { statuses: ["INVITE_SENT", "STATUS_UNCONFIRMED"] },
  { statuses: ["INVITE_SENT", "STATUS_UNCONFIRMED", "CONSENT_DECLINED"] },
  { statuses: ["INVITE_SENT", "STATUS_UNCONFIRMED", "CONSENTED"], verification: ["AWAITING_VERIFICATION"] },
  { statuses: ["INVITE_SENT", "STATUS_UNCONFIRMED", "CONSENTED"], verification: ["AWAITING_VERIFICATION", "VERIFIED"] },
  { statuses: ["INVITE_SENT", "STATUS_UNCONFIRMED", "CONSENTED"], verification: ["AWAITING_VERIFICATION", "DECLINED"] },
  {
    statuses: ["INVITE_SENT", "STATUS_UNCONFIRMED", "CONSENTED", "CONSENT_WITHDRAWN"],
    verification: ["AWAITING_VERIFICATION", "VERIFIED"],
  },
];

export interface ProgramForPatients {
  id: string;
  key: string;
  territory: Territory;
  isPrivate: boolean;
  closed: boolean;
}

/**
 * Patients for a program, `count` of them cycling through the stories (a closed program's
 * consented patients have completed it). Bulk inserts, so benchmarks can ask for thousands.
 */
export const seedPatients = async (
  db: Db,
  program: ProgramForPatients,
  options: {
    count: number;
    passwordHash: string | null;
    now: Date;
    emailDomain?: string;
    /** Patients still taking part joined this many days back (so their dashboards show months). */
    consentedHistoryDays?: number;
  },
) => {
  const DAY = 86_400_000;
  for (let start = 0; start < options.count; start += 500) {
    const size = Math.min(500, options.count - start);
    const people = Array.from({ length: size }, (_, i) => {
      const n = start + i;
      const story = demoStories[n % demoStories.length]!;
      const statuses = [...story.statuses];
      if (program.closed && statuses.at(-1) === "CONSENTED") statuses.push("PROJECT_COMPLETED");
      const firstName = FIRST[n % FIRST.length]!;
      const lastName = `${LAST[Math.floor(n / FIRST.length) % LAST.length]}${n >= FIRST.length * LAST.length ? `-${n}` : ""}`;
      const email =
        `${firstName}.${lastName}.${program.key}.${n}@${options.emailDomain ?? "patients.openpro.demo"}`.toLowerCase();
      const joined = statuses.includes("STATUS_UNCONFIRMED");
      const consented = statuses.includes("CONSENTED");
      const stillTakingPart = statuses.at(-1) === "CONSENTED";
      const daysBack = (stillTakingPart ? (options.consentedHistoryDays ?? 30) : 30) + (n % 20);
      const createdAt = new Date(options.now.getTime() - daysBack * DAY);
      return { n, story, statuses, firstName, lastName, email, joined, consented, createdAt };
    });
    const userIds = await insertUsersBulk(
      db,
      people.map((p) => ({
        email: p.email,
        firstName: p.firstName,
        lastName: p.lastName,
        displayName: null,
        role: null,
        scope: "patient" as const,
        passwordHash: p.joined ? options.passwordHash : null,
        passwordChangedAt: p.joined ? p.createdAt : null,
        permissions: [],
        territory: program.territory,
        dob: p.joined ? `19${50 + (p.n % 40)}-0${1 + (p.n % 9)}-1${p.n % 9}` : null,
        sex: p.joined ? (p.n % 2 ? "female" : "male") : null,
        privacyPolicy: p.joined,
        eula: p.joined,
        instructionsAcknowledgedAt: null,
        dateCreated: p.createdAt,
        updatedAt: p.createdAt,
      })),
    );
    const enrolments = await insertEnrolmentsBulk(
      db,
      people.map((p, i) => {
        const withdrawn = p.statuses.includes("CONSENT_WITHDRAWN");
        const verification = program.isPrivate ? "N_A" : (p.story.verification?.at(-1) ?? "N_A");
        return {
          programId: program.id,
          userId: userIds[i]!,
          firstName: p.firstName,
          lastName: p.lastName,
          inviteEmail: p.email,
          consentedEmail: p.consented ? p.email : null,
          patientIdType: "nhs_number",
          patientId: demoNhsNumber(p.n),
          status: p.statuses.at(-1)!,
          verificationStatus: verification,
          consentGiven: p.consented && !withdrawn,
          dateConsentGiven: p.consented ? new Date(p.createdAt.getTime() + 2 * DAY) : null,
          dateConsentRevoked: withdrawn ? new Date(p.createdAt.getTime() + 9 * DAY) : null,
          inviteAcceptedAt: p.joined ? new Date(p.createdAt.getTime() + DAY) : null,
          enrolledWith: "individual" as const,
          createdBy: null,
          createdAt: p.createdAt,
        };
      }),
    );
    const statusRows = people.flatMap((p, i) =>
      p.statuses.map((status, step) => ({
        programId: program.id,
        enrolmentId: enrolments[i]!.id,
        status,
        at: new Date(p.createdAt.getTime() + step * 3 * DAY),
        actorUserId: null,
      })),
    );
    const verificationRows = program.isPrivate
      ? []
      : people.flatMap((p, i) =>
          (p.story.verification ?? []).map((verificationStatus, step) => ({
            programId: program.id,
            enrolmentId: enrolments[i]!.id,
            verificationStatus,
            at: new Date(p.createdAt.getTime() + (6 + step * 2) * DAY),
            actorUserId: null,
          })),
        );
    await insertStatusHistoryBulk(db, statusRows);
    await insertVerificationHistoryBulk(db, verificationRows);
  }
};
