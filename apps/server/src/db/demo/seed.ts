import { defaultPermissionsByRole, type Role, territoryAlertDefaults } from "@openpro/core";
import type { Clock } from "../../clock.js";
import type { Db } from "../kysely.js";
import { seedAlerts } from "./alerts.js";
import { seedAppointments } from "./appointments.js";
import { seedPatientData } from "./patient-data.js";
import { demoStories, seedPatients } from "./patients.js";
import * as q from "./queries.js";
import { seedQuestionnaireDelivery } from "./questionnaire-delivery.js";
import { seedQuestionnaireSettings } from "./questionnaire-settings.js";
import { seedWorklist } from "./worklist.js";

/** Every demo account shares this password (it passes the password policy). */
export const DEMO_PASSWORD = "Clinic-Demo-2026!";

export interface DemoAccount {
  email: string;
  role: Role;
  firstName: string;
  lastName: string;
  /** Which demo organisation/programs they work in (admin-type roles see everything). */
  organisation: "northbridge" | "lakeside" | null;
}

export const demoAccounts: readonly DemoAccount[] = [
  { email: "superadmin@openpro.demo", role: "superadmin", firstName: "Ada", lastName: "Admin", organisation: null },
  { email: "tester@openpro.demo", role: "internal_tester", firstName: "Theo", lastName: "Tester", organisation: null },
  {
    email: "programadmin@openpro.demo",
    role: "internal_program_admin",
    firstName: "Priya",
    lastName: "Patel",
    organisation: null,
  },
  {
    email: "ls.admin@openpro.demo",
    role: "life_sciences_project_admin",
    firstName: "Lena",
    lastName: "Schmid",
    organisation: "lakeside",
  },
  {
    email: "clinical.admin@openpro.demo",
    role: "clinical_project_admin",
    firstName: "Callum",
    lastName: "Reid",
    organisation: "northbridge",
  },
  {
    email: "clinician.admin@openpro.demo",
    role: "clinician_admin",
    firstName: "Chloe",
    lastName: "Evans",
    organisation: "northbridge",
  },
  {
    email: "ls.member@openpro.demo",
    role: "life_sciences_team_member",
    firstName: "Luca",
    lastName: "Meier",
    organisation: "lakeside",
  },
  {
    email: "nurse@openpro.demo",
    role: "clinician_team_member",
    firstName: "Nia",
    lastName: "Okafor",
    organisation: "northbridge",
  },
  // Lakeside's programs enrol patients: someone clinical watches and escalates their alerts (issue 30 §1).
  {
    email: "lakeside.nurse@openpro.demo",
    role: "clinician_admin",
    firstName: "Rosa",
    lastName: "Keller",
    organisation: "lakeside",
  },
];

/** Inserts a staff user with the default grants of the role. */
export const insertStaffUser = (
  db: Db,
  clock: Clock,
  user: {
    email: string;
    firstName: string;
    lastName: string;
    role: Role;
    passwordHash: string;
    acknowledged?: boolean;
  },
) => {
  const now = clock.now();
  return q.insertUser(db, {
    email: user.email.toLowerCase(),
    firstName: user.firstName,
    lastName: user.lastName,
    displayName: null,
    role: user.role,
    scope: "clinical",
    passwordHash: user.passwordHash,
    passwordChangedAt: now,
    permissions: [...defaultPermissionsByRole[user.role]],
    territory: null,
    privacyPolicy: true,
    eula: true,
    emailVerified: true,
    instructionsAcknowledgedAt: user.acknowledged === false ? null : now,
    dateCreated: now,
    updatedAt: now,
  });
};

const isoDate = (date: Date) => date.toISOString().slice(0, 10);
const daysFrom = (date: Date, days: number) => new Date(date.getTime() + days * 86_400_000);

/**
 * The demo world: two organisations, programs in each territory (one closed, one with a public
 * invite code), one staff user per role, and patients in every status in each program (their
 * password is the demo password too), and what the consented ones logged in the app since consent.
 */
export const seedDemoData = async (db: Db, clock: Clock, passwordHash: string) => {
  const now = clock.now();
  return db.transaction().execute(async (trx) => {
    const organisations = {
      northbridge: await q.insertOrganisation(trx, {
        name: "Northbridge Cancer Centre",
        description: "Oncology outpatients, Leeds and Dublin",
        createdAt: now,
      }),
      lakeside: await q.insertOrganisation(trx, {
        name: "Lakeside Oncology Group",
        description: "Research network in Boston and Zurich",
        createdAt: now,
      }),
    };
    const base = {
      patientProgramName: null,
      participationWeeks: null,
      adverseEventReportingMessage: null,
      endedAt: null,
      createdAt: now,
    };
    const programs = {
      breast: await q.insertProgram(trx, {
        ...base,
        organisationId: organisations.northbridge,
        name: "Breast Cancer Symptom Monitoring",
        patientProgramName: "My Breast Care Diary",
        description: "Weekly CTCAE symptom reporting during adjuvant chemotherapy.",
        territory: "UK_IRE",
        startDate: isoDate(daysFrom(now, -120)),
        inviteMode: "individual",
        populateNvAppointments: true,
        participationWeeks: 26,
        adverseEventReportingMessage: "Report suspected adverse drug reactions to the MHRA Yellow Card scheme.",
      }),
      lung: await q.insertProgram(trx, {
        ...base,
        organisationId: organisations.northbridge,
        name: "Lung Immunotherapy Follow-up",
        description: "Open enrolment with a public invite code for immunotherapy patients.",
        territory: "UK_IRE",
        startDate: isoDate(daysFrom(now, -60)),
        inviteMode: "public",
      }),
      headNeck: await q.insertProgram(trx, {
        ...base,
        organisationId: organisations.northbridge,
        name: "Head and Neck Radiotherapy 2025",
        description: "Completed study of late radiotherapy effects.",
        territory: "UK_IRE",
        startDate: "2025-01-06",
        endDate: "2025-10-31",
        inviteMode: "individual",
      }),
      colorectal: await q.insertProgram(trx, {
        ...base,
        organisationId: organisations.lakeside,
        name: "Colorectal Chemotherapy PRO",
        description: "Daily symptom and temperature logging during FOLFOX.",
        territory: "US",
        startDate: isoDate(daysFrom(now, -30)),
        inviteMode: "individual",
      }),
      melanoma: await q.insertProgram(trx, {
        ...base,
        organisationId: organisations.lakeside,
        name: "Swiss Melanoma Survivorship",
        description: "Quality-of-life questionnaires after adjuvant therapy.",
        territory: "CH",
        startDate: isoDate(daysFrom(now, -10)),
        inviteMode: "individual",
      }),
    };
    const programsOf = {
      northbridge: [programs.breast, programs.lung, programs.headNeck],
      lakeside: [programs.colorectal, programs.melanoma],
    };
    const territoryOf = {
      breast: "UK_IRE",
      lung: "UK_IRE",
      headNeck: "UK_IRE",
      colorectal: "US",
      melanoma: "CH",
    } as const;
    for (const key of Object.keys(programs) as (keyof typeof programs)[]) {
      await seedPatients(
        trx,
        { id: programs[key], key, territory: territoryOf[key], isPrivate: false, closed: key === "headNeck" },
        {
          count: demoStories.length,
          passwordHash,
          now,
          // The Breast program has run for four months: its patients show months of data.
          ...(key === "breast" ? { consentedHistoryDays: 95 } : {}),
        },
      );
    }
    // The public-code program's code runs out in ten days: the program pages warn about it.
    await q.insertPublicInviteCode(trx, {
      programId: programs.lung,
      code: "LUNG7K4P",
      createdAt: daysFrom(now, -20),
      dateExpires: daysFrom(now, 10),
      deactivatedAt: null,
      createdBy: null,
    });
    // What the Breast program's patients see under "Contact your care team" in the app.
    const contact = { programId: programs.breast, createdAt: now, updatedAt: now };
    await q.insertCareTeamContacts(trx, [
      {
        ...contact,
        careTeamName: "Chemotherapy Day Unit",
        generalGuidance:
          "Call us about new or worsening symptoms during treatment. If you have a temperature of 37.5°C or above, call the 24-hour line straight away.",
        hoursOfOperation: "Monday to Friday, 8am to 6pm",
        contactPhones: ["+441132068000"],
        contactEmails: ["chemo.unit@northbridge.demo"],
        position: 1,
      },
      {
        ...contact,
        careTeamName: "24-hour Acute Oncology Line",
        generalGuidance: "For urgent advice outside clinic hours. In an emergency call 999.",
        hoursOfOperation: "24 hours a day, 7 days a week",
        contactPhones: ["+441132068999", "+441132068998"],
        contactEmails: [],
        position: 2,
      },
    ]);
    // Every program that enrols is ready for patients (issue 30 §1): the territory's thresholds and
    // messages, and a care-team line for the programs the Breast contacts above do not serve.
    for (const key of Object.keys(programs) as (keyof typeof programs)[])
      await q.setProgramAlertSettings(trx, programs[key], {
        ...territoryAlertDefaults(territoryOf[key]),
        // The Breast unit asks for a call from 37.5 °C (its contacts' guidance below): its own, stricter threshold.
        ...(key === "breast" ? { temperatureMax: 37.4 } : {}),
      });
    const line = (programId: string, careTeamName: string, phone: string, hours: string, guidance: string) => ({
      programId,
      careTeamName,
      generalGuidance: guidance,
      hoursOfOperation: hours,
      contactPhones: [phone],
      contactEmails: [],
      position: 1,
      createdAt: now,
      updatedAt: now,
    });
    await q.insertCareTeamContacts(trx, [
      line(
        programs.lung,
        "Lung Immunotherapy Nurses",
        "+441132068500",
        "24 hours a day, 7 days a week",
        "Immunotherapy side effects can start weeks after a dose: call us about any new or worse symptom.",
      ),
      line(programs.colorectal, "Infusion Center Nurse Line", "+16175550142", "24 hours a day", ""),
      line(programs.melanoma, "Onkologie Pflege", "+41445550123", "Monday to Friday, 8am to 5pm", ""),
    ]);
    for (const account of demoAccounts) {
      const userId = await insertStaffUser(trx, clock, { ...account, passwordHash });
      if (!account.organisation) continue;
      await q.insertOrganisationStaff(trx, organisations[account.organisation], userId, account.role);
      for (const programId of programsOf[account.organisation])
        await q.insertProgramStaff(trx, programId, userId, account.role);
    }
    // After the staff: older logs are acknowledged by a member of the program's team.
    await seedPatientData(trx, { now });
    await seedAlerts(trx, { now });
    await seedAppointments(trx, { now });
    await seedQuestionnaireSettings(trx, { now });
    await seedQuestionnaireDelivery(trx, { now });
    await seedWorklist(trx, { now });
    return { organisations, programs };
  });
};

export const shouldSeedDemo = async (db: Db) =>
  (await q.countOrganisations(db)) === 0 && (await q.countUsers(db)) === 0;

/** ADMIN_EMAIL/ADMIN_PASSWORD: a superadmin created at start when none has that e-mail. */
export const ensureAdmin = async (db: Db, clock: Clock, email: string, passwordHash: string): Promise<boolean> => {
  if (await q.findUserIdByEmail(db, email)) return false;
  await insertStaffUser(db, clock, { email, firstName: "Admin", lastName: "User", role: "superadmin", passwordHash });
  return true;
};
