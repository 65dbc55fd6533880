import { patientSideApi } from "@openpro/core";
import { useMutation, useQuery } from "@tanstack/react-query";
import { apiCall, apiCallWithToken, type CallOptions } from "../../lib/http";
import { readPatientToken } from "../../lib/patient-session";

type Body<E> = NonNullable<CallOptions<E> extends { body?: infer B } ? B : never>;
export type Demographics = Body<typeof patientSideApi.demographics>;

/**
 * Patient-side calls handle their own failures: none of them may touch the staff session of this browser
 * (no global sign-out on 401/403, no staff dialogs).
 */
const patientMeta = { inlineErrors: true, ownStatuses: [400, 401, 403, 404, 409, 410, 422, 429] } as const;

export const useInvite = (inviteCode: string) =>
  useQuery({
    queryKey: ["patient-side", "invite", inviteCode] as const,
    queryFn: ({ signal }) => apiCall(patientSideApi.invite, { params: { inviteCode }, signal }),
    staleTime: Number.POSITIVE_INFINITY,
    meta: patientMeta,
  });

export const useGiveConsent = (programId: string) =>
  useMutation({
    mutationFn: () =>
      apiCallWithToken(readPatientToken(), patientSideApi.consent, {
        params: { projectId: programId },
        body: { consentGiven: true },
      }),
    meta: patientMeta,
  });

export const useDeclineConsent = (programId: string) =>
  useMutation({
    mutationFn: () =>
      apiCallWithToken(readPatientToken(), patientSideApi.consentDeclined, { params: { projectId: programId } }),
    meta: patientMeta,
  });

export const useSaveDemographics = () =>
  useMutation({
    mutationFn: (body: Demographics) => apiCallWithToken(readPatientToken(), patientSideApi.demographics, { body }),
    meta: patientMeta,
  });

export const useUnsubscribe = () =>
  useMutation({
    mutationFn: (body: Body<typeof patientSideApi.unsubscribe>) => apiCall(patientSideApi.unsubscribe, { body }),
    meta: patientMeta,
  });

export const useStudyEnded = (programId: string) =>
  useQuery({
    queryKey: ["patient-side", "study", programId] as const,
    queryFn: ({ signal }) => apiCall(patientSideApi.studyEnded, { params: { programId }, signal }),
    meta: patientMeta,
  });
