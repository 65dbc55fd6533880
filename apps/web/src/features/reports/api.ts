import { reportsApi } from "@openpro/core";
import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import { apiCall, download } from "../../lib/http";

export interface DateRange {
  startDate: string;
  endDate: string;
}

/** The patient dashboard report is refetched on this interval while it is open (spec constant). */
export const reportRefetchIntervalMs = 600_000;

export const reportKeys = {
  all: ["reports"] as const,
  participant: (programId: string, userId: string, range: DateRange) =>
    ["reports", "participant", programId, userId, range] as const,
  daily: (programId: string, userId: string, date: string) => ["reports", "daily", programId, userId, date] as const,
};

export const useParticipantReport = (programId: string, userId: string, range: DateRange | null) =>
  useQuery({
    queryKey: reportKeys.participant(programId, userId, range ?? { startDate: "", endDate: "" }),
    queryFn: ({ signal }) =>
      apiCall(reportsApi.participantReport, {
        params: { projectId: programId, userId },
        query: { startDate: range!.startDate, endDate: range!.endDate, symptomsSeperatedByStatus: "true" },
        signal,
      }),
    enabled: Boolean(programId && userId && range),
    placeholderData: keepPreviousData,
    refetchInterval: reportRefetchIntervalMs,
    // Report 404s are ignored by the error catalogue; the page shows its own notice.
    meta: { ownStatuses: [404] },
  });

export const useDailyReport = (programId: string, userId: string, date: string | null) =>
  useQuery({
    queryKey: reportKeys.daily(programId, userId, date ?? ""),
    queryFn: ({ signal }) =>
      apiCall(reportsApi.dailyReport, { params: { projectId: programId, userId, date: date! }, signal }),
    enabled: Boolean(programId && userId && date),
  });

/** The patient report as a PDF, saved under the server's file name. */
export const useDownloadPatientReport = (programId: string, userId: string) =>
  useMutation({
    mutationFn: (range: DateRange) =>
      download(reportsApi.exportReport, {
        params: { projectId: programId, userId },
        body: range,
        accept: "application/pdf",
        fallbackName: "patient-report.pdf",
      }),
  });
