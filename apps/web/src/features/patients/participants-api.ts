import { enrolledPatientSchema, limits, paged, patientsApi } from "@openpro/core";
import { keepPreviousData, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { apiCall } from "../../lib/http";

/**
 * The participant list and the patient details read the fields the patients contract is gaining
 * (dob, severe-symptom counts, demographics, report dates). Until packages/core declares them, the
 * response schema here lists them as optional so that the client's parse does not strip them;
 * once core has them, these extensions are a no-op.
 */
const cancerTypeSchema = z
  .object({
    cancerType: z.string().nullable().optional(),
    cancerStage: z.string().nullable().optional(),
    diagnosisDate: z.string().nullable().optional(),
  })
  .passthrough();

export const participantSchema = enrolledPatientSchema.extend({
  dob: z.string().nullable().optional(),
  severeSymptomsCount: z.number().int().nullable().optional(),
});
export type Participant = z.infer<typeof participantSchema>;

export const participantDetailsSchema = participantSchema.extend({
  gender: z.string().nullable().optional(),
  postcode: z.string().nullable().optional(),
  consentedEmail: z.string().nullable().optional(),
  cancerTypes: z.array(cancerTypeSchema).nullable().optional(),
  reportsEarliestDate: z.string().nullable().optional(),
  reportsLatestDate: z.string().nullable().optional(),
});
export type ParticipantDetails = z.infer<typeof participantDetailsSchema>;

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

const listEndpoint = {
  ...patientsApi.list,
  query: patientsApi.list.query!.extend({
    showSevereSymptomsCount: z.enum(["true", "false"]).optional(),
    orderBy: z.enum(["name", "severeSymptoms"]).optional(),
    orderDir: z.enum(["asc", "desc"]).optional(),
  }),
  response: paged(participantSchema),
};
const detailsEndpoint = { ...patientsApi.get, response: participantDetailsSchema };

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
      apiCall(listEndpoint, {
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
    queryFn: ({ signal }) => apiCall(detailsEndpoint, { params: { userId }, query: { projectId: programId }, signal }),
    enabled: Boolean(programId && userId),
  });
