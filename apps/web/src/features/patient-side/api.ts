import type { LegalDocumentId, PatientLanguage, patientSideApi } from "@openpro/core";
import { publicPageRoutes } from "@openpro/core/schema-free";
import type { CallOptions } from "../../lib/http";
import { readPatientToken } from "../../lib/patient-session";
import { patientLanguageNow } from "../../lib/patient-text";
import { useRemoteAction, useRemoteData } from "../../lib/remote";
import { callRoute } from "../../lib/route-call";

type Body<E> = NonNullable<CallOptions<E> extends { body?: infer B } ? B : never>;
export type Demographics = Body<typeof patientSideApi.demographics>;

/*
 * The patient-side calls, through the zod-free client (no query library either: these pages are
 * the light entry's). None of them touches the staff session of this browser: a call carries the
 * patient-side token or none, and each component shows its own failures.
 */

/** What an invitation leads to; with `language`, its consent in that language (else the browser's). */
export const useInvite = (inviteCode: string, language?: PatientLanguage) =>
  useRemoteData(`invite:${inviteCode}${language ? `:${language}` : ""}`, () =>
    callRoute(publicPageRoutes.invite, { params: { inviteCode }, query: language ? { lang: language } : undefined }),
  );

export const useGiveConsent = (programId: string) =>
  useRemoteAction(() =>
    callRoute(publicPageRoutes.consent, {
      bearer: readPatientToken(),
      params: { projectId: programId },
      body: { consentGiven: true },
    }),
  );

export const useDeclineConsent = (programId: string) =>
  useRemoteAction(() =>
    callRoute(publicPageRoutes.consentDeclined, { bearer: readPatientToken(), params: { projectId: programId } }),
  );

export const useSaveDemographics = () =>
  useRemoteAction((body: Demographics) =>
    callRoute(publicPageRoutes.demographics, { bearer: readPatientToken(), body }),
  );

/**
 * Whether the patient signed in from an invitation already takes part in its program (consented,
 * not withdrawn): then they go on to the app instead of the consent.
 */
export const isTakingPart = async (accessToken: string, programId: string) => {
  const mine = await callRoute(publicPageRoutes.myPrograms, { bearer: accessToken });
  return mine.results.some((program) => program.programId === programId);
};

export const useUnsubscribe = () =>
  useRemoteAction((body: Body<typeof patientSideApi.unsubscribe>) => callRoute(publicPageRoutes.unsubscribe, { body }));

export const useStudyEnded = (programId: string) =>
  useRemoteData(`study:${programId}`, () => callRoute(publicPageRoutes.studyEnded, { params: { programId } }));

/** A legal document to accept while signing up, loaded when its dialog opens. */
export const useLegalDocument = (documentId: LegalDocumentId) => {
  // In the language shown (the licence agreement and the privacy policy have ours; issue 31 §3).
  const lang = patientLanguageNow();
  return useRemoteData(`document:${documentId}:${lang}`, () =>
    callRoute(publicPageRoutes.legalDocument, { params: { documentId }, query: { lang } }),
  );
};
