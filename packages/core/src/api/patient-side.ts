import { z } from "zod";
import { messages } from "../messages.js";
import { patientLanguages } from "../rules/patient-language.js";
import { noteTypes, territories } from "../rules/programs.js";
import { UUID_PATTERN } from "../validation.js";
import { careTeamContactSchema } from "./care-team.js";
import { endpoint, messageResponse } from "./endpoint.js";

const uuid = z.string().regex(UUID_PATTERN);

/**
 * The patient's language for a text the server chooses (issue 31 §3): a language code (en, de, fr,
 * it, es); anything else, or none, leaves it to the account's choice, then the browser's
 * Accept-Language, within the program territory's languages. Lenient, so an older app never fails on it.
 */
const languageQuery = z.object({ lang: z.string().max(35).optional() }).optional();
const language = z.enum(patientLanguages);

/** A care-team contact as the patient reads it: its guidance in their language, or marked. */
export const patientCareTeamContactSchema = careTeamContactSchema.extend({
  /** The language `generalGuidance` is in: the patient's, or the program's default when none was given in theirs. */
  generalGuidanceLanguage: language.optional(),
});

export type PatientCareTeamContact = z.infer<typeof patientCareTeamContactSchema>;

/** A program the signed-in patient consented to, as their app shows it. */
export const patientProgramSchema = z.object({
  programId: z.string(),
  /** The name patients see (the program's patient-facing name when it has one). */
  name: z.string(),
  disclaimer: z.string().nullable(),
  /** Kinds of note the program does not accept (a note of that kind is refused on upload). */
  disabledNoteTypes: z.array(z.enum(noteTypes)),
  careTeam: z.array(patientCareTeamContactSchema),
  articles: z.array(z.object({ articleId: z.string(), header: z.string(), url: z.string() })),
  /** The program's prioritised symptoms (catalogue logTypeIds) in its order: the app lists them first. */
  prioritisedSymptoms: z.array(z.string()),
  /** Sets the languages the patient may choose from and how dates and numbers read (issue 31 §3). */
  territory: z.enum(territories),
});
export type PatientProgram = z.infer<typeof patientProgramSchema>;

const inviteCodeParam = z.strictObject({ inviteCode: z.string().min(4).max(200) });

export const patientSideApi = {
  invite: endpoint({
    method: "GET",
    path: "/api/v1/auth/users-invite/:inviteCode",
    summary: "What an invite link (personal, or a program's public code) leads to.",
    tags: ["patient-side"],
    auth: false,
    params: inviteCodeParam,
    query: languageQuery,
    response: z.object({
      /**
       * The program's consent message in the patient's language when its staff gave one, else in the
       * program's default language; a program without one: OpenPRO's own, in the patient's language.
       */
      consentMessage: z.string(),
      /** The language `consentMessage` is in: a page in another language marks it and sets its `lang`. */
      consentMessageLanguage: language,
      hasAccepted: z.boolean(),
      programId: z.string(),
      programName: z.string(),
      email: z.string().nullable(),
      kind: z.enum(["individual", "public"]),
      /** A personal invitation already used to join and consent: the page leads to sign-in, then the app. */
      joined: z.boolean(),
      /** The names the care team entered (a personal invitation), filled into the sign-up form. */
      firstName: z.string().nullable(),
      lastName: z.string().nullable(),
      /** The program's territory: the languages its pages are offered in. */
      territory: z.enum(territories),
    }),
  }),
  consent: endpoint({
    method: "PATCH",
    path: "/api/v1/user/project/:projectId/consent",
    summary: "The signed-in patient gives (or withdraws) consent to a program.",
    tags: ["patient-side"],
    auth: true,
    params: z.strictObject({ projectId: uuid }),
    body: z.strictObject({ consentGiven: z.boolean() }),
    response: messageResponse,
  }),
  consentDeclined: endpoint({
    method: "PATCH",
    path: "/api/v1/user/project/:projectId/consent-declined",
    summary: "The signed-in patient declines to take part.",
    tags: ["patient-side"],
    auth: true,
    params: z.strictObject({ projectId: uuid }),
    response: messageResponse,
  }),
  demographics: endpoint({
    method: "PATCH",
    path: "/api/v1/user/demographics",
    summary: "The signed-in patient's gender (sex, as the form asks it) and date of birth (at least 18 years ago).",
    tags: ["patient-side"],
    auth: true,
    body: z.strictObject({
      gender: z.enum(["female", "male", "intersex", "prefer_not_to_say"], { error: messages.sexRequired }),
      dob: z.string({ error: messages.dobRequired }).regex(/^\d{4}-\d{2}-\d{2}$/, messages.dobRequired),
    }),
    response: messageResponse,
  }),
  unsubscribe: endpoint({
    method: "POST",
    path: "/api/v1/questionnaire-reminders/unsubscribe",
    summary:
      "Stop questionnaire reminder e-mails (the link's signed token proves the address; without one, the patient's own session does).",
    tags: ["patient-side"],
    auth: false,
    body: z.strictObject({
      email: z.string().max(400),
      userId: uuid,
      token: z.string().min(10).max(200).optional(),
      isEnabled: z.literal(false),
    }),
    response: messageResponse,
  }),
  studyEnded: endpoint({
    method: "GET",
    path: "/api/v1/external-onboarding/:programId",
    summary: "200 when the study has ended (the study-ended page), 404 otherwise.",
    tags: ["patient-side"],
    auth: false,
    params: z.strictObject({ programId: uuid }),
    response: z.object({ programName: z.string(), ended: z.literal(true) }),
  }),
  myPrograms: endpoint({
    method: "GET",
    path: "/api/v1/user/projects",
    summary: "The open programs the signed-in patient consented to, with their care team contacts and articles.",
    tags: ["patient app"],
    auth: true,
    query: languageQuery,
    response: z.object({ results: z.array(patientProgramSchema) }),
  }),
} as const;
