import {
  type EnrolledPatient,
  type EnrolmentFilter,
  limits,
  type PatientDetails,
  patientsApi,
  type VerificationStatus,
} from "@openpro/core";
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiCall, type CallOptions } from "../../lib/http";

type Body<E> = NonNullable<CallOptions<E> extends { body?: infer B } ? B : never>;
export type NewPatient = Body<typeof patientsApi.create>;
export type PatientChanges = Body<typeof patientsApi.update>;

export interface PatientListFilter {
  page: number;
  term: string;
  filters: readonly EnrolmentFilter[];
}

export const patientKeys = {
  all: ["patients"] as const,
  list: (programId: string, filter: PatientListFilter) => ["patients", "list", programId, filter] as const,
  search: (term: string, page: number) => ["patients", "search", term, page] as const,
};

const verificationFilters: readonly string[] = ["VERIFIED", "AWAITING_VERIFICATION"];

/** The chips as the list query sends them: verification chips go in verification_status, the rest in statuses. */
const filterQuery = (filters: readonly EnrolmentFilter[]) => {
  const chosen = filters.filter((f) => f !== "ALL");
  const statuses = chosen.filter((f) => !verificationFilters.includes(f));
  const verification = chosen.filter((f) => verificationFilters.includes(f)) as VerificationStatus[];
  return {
    statuses: statuses.length ? statuses.join(",") : undefined,
    verification_status: verification.length ? verification.join(",") : undefined,
  };
};

export const usePatients = (programId: string, filter: PatientListFilter) =>
  useQuery({
    queryKey: patientKeys.list(programId, filter),
    queryFn: ({ signal }) =>
      apiCall(patientsApi.list, {
        params: { projectId: programId },
        query: {
          _page: filter.page,
          _perPage: limits.pageSize.patients,
          term: filter.term.trim() || undefined,
          ...filterQuery(filter.filters),
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

const useInvalidatePatients = () => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: patientKeys.all });
};

/** Failures are shown by the drawer (toast or field errors). */
export const useCreatePatient = () => {
  const invalidate = useInvalidatePatients();
  return useMutation({
    mutationFn: (body: NewPatient) => apiCall(patientsApi.create, { body }),
    onSuccess: () => invalidate(),
    meta: { inlineErrors: true, ownStatuses: [400, 404, 409, 422] },
  });
};

export const useUpdatePatient = (programId: string) => {
  const invalidate = useInvalidatePatients();
  return useMutation({
    mutationFn: ({ userId, body }: { userId: string; body: PatientChanges }) =>
      apiCall(patientsApi.update, { params: { userId }, query: { projectId: programId }, body }),
    onSuccess: () => invalidate(),
    meta: { inlineErrors: true, ownStatuses: [400, 404, 409, 422] },
  });
};

export const useDeletePatient = (programId: string) => {
  const invalidate = useInvalidatePatients();
  return useMutation({
    mutationFn: (userId: string) =>
      apiCall(patientsApi.remove, { params: { userId }, query: { projectId: programId } }),
    onSuccess: () => invalidate(),
  });
};

/** Re-send failures are ignored. */
export const useResendInvite = (programId: string) => {
  const invalidate = useInvalidatePatients();
  return useMutation({
    mutationFn: (userId: string) =>
      apiCall(patientsApi.resendInvite, { params: { userId }, query: { projectId: programId } }),
    onSuccess: () => invalidate(),
    meta: { inlineErrors: true, ownStatuses: [400, 404, 409, 410, 422, 429] },
  });
};

/** Re-sends the invitation to several patients at once; the answer says how many went. */
export const useBatchResendInvite = (programId: string) => {
  const invalidate = useInvalidatePatients();
  return useMutation({
    mutationFn: (userIds: string[]) => apiCall(patientsApi.batchInvite, { body: { projectId: programId, userIds } }),
    onSuccess: () => invalidate(),
  });
};

/** Verify and decline failures are shown by the form (server message, else the catalogue text). */
export const useVerifyPatient = (programId: string) => {
  const invalidate = useInvalidatePatients();
  return useMutation({
    mutationFn: ({
      userId,
      decision,
      patientId,
    }: {
      userId: string;
      decision: "verify" | "decline";
      patientId: string;
    }) =>
      decision === "verify"
        ? apiCall(patientsApi.verify, { params: { userId }, query: { projectId: programId }, body: { patientId } })
        : apiCall(patientsApi.decline, { params: { userId }, query: { projectId: programId } }),
    onSuccess: () => invalidate(),
    meta: { inlineErrors: true, ownStatuses: [400, 404, 409, 422] },
  });
};

export const useRetractConsent = (programId: string) => {
  const invalidate = useInvalidatePatients();
  return useMutation({
    mutationFn: (userId: string) =>
      apiCall(patientsApi.withdrawConsent, { params: { projectId: programId, userId }, body: { consentGiven: false } }),
    onSuccess: () => invalidate(),
  });
};

/** The global search (at least 2 characters; the caller enables it only then). */
export const usePatientSearch = (term: string, page: number) =>
  useQuery({
    queryKey: patientKeys.search(term, page),
    queryFn: ({ signal }) =>
      apiCall(patientsApi.search, { query: { term, _page: page, _perPage: limits.pageSize.patients }, signal }),
    enabled: term.trim().length >= 2,
    placeholderData: keepPreviousData,
  });

// ---------------------------------------------------------------------------------------------
// The participant list (the specification's screen) and one patient's details

/** A patient in a program's participant list (the enrolment, core's contract). */
export type Participant = EnrolledPatient;
/** One patient as the details drawer and the patient's pages show them. */
export type ParticipantDetails = PatientDetails;

export type ParticipantOrderBy = "name" | "severeSymptoms";
export type OrderDir = "asc" | "desc";
export interface ParticipantSort {
  orderBy: ParticipantOrderBy;
  orderDir: OrderDir;
}
export interface ParticipantFilter {
  term: string;
  awaitingVerification: boolean;
}

/** Only these states are listed in the participant list (the others live in Patient enrolment). */
export const listedStatuses = ["CONSENTED", "CONSENT_WITHDRAWN", "PROJECT_COMPLETED"] as const;

export const participantKeys = {
  // Under the "patients" root, so that adding, editing or verifying a patient refreshes these too.
  list: (programId: string, filter: ParticipantFilter, sort: ParticipantSort, withCounts: boolean) =>
    ["patients", "participants", programId, filter, sort, withCounts] as const,
  details: (programId: string, userId: string) => ["patients", "details", programId, userId] as const,
};

export const participantPageSize = limits.pageSize.patients;

export const useParticipantList = (
  programId: string,
  filter: ParticipantFilter,
  sort: ParticipantSort,
  withCounts: boolean,
) =>
  useInfiniteQuery({
    queryKey: participantKeys.list(programId, filter, sort, withCounts),
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      apiCall(patientsApi.list, {
        params: { projectId: programId },
        query: {
          _page: pageParam,
          _perPage: participantPageSize,
          term: filter.term.trim() || undefined,
          statuses: listedStatuses.join(","),
          verification_status: filter.awaitingVerification ? "AWAITING_VERIFICATION" : undefined,
          showSevereSymptomsCount: withCounts ? "true" : undefined,
          orderBy: sort.orderBy,
          orderDir: sort.orderDir,
        },
        signal,
      }),
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.results.length, 0);
      return loaded < last.totalCount && last.results.length > 0 ? pages.length + 1 : undefined;
    },
    placeholderData: keepPreviousData,
  });

export const useParticipant = (programId: string, userId: string) =>
  useQuery({
    queryKey: participantKeys.details(programId, userId),
    queryFn: ({ signal }) => apiCall(patientsApi.get, { params: { userId }, query: { projectId: programId }, signal }),
    enabled: Boolean(programId && userId),
  });
