import { reportsApi } from "@openpro/core";
import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import { apiCall, isRefreshDue, refreshSession } from "../../lib/http";
import { readTokens } from "../../lib/tokens";

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

/** The file name of a Content-Disposition header (RFC 6266 filename* first), if any. */
export const fileNameOf = (header: string | null, fallback: string): string => {
  if (!header) return fallback;
  const star = header.match(/filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ""));
    } catch {
      // fall through to the plain filename
    }
  }
  const plain = header.match(/filename\s*=\s*"?([^";]+)"?/i);
  return plain?.[1]?.trim() || fallback;
};

/**
 * The patient report is a file, not JSON, so it bypasses the JSON client: same bearer token, the
 * name from Content-Disposition, saved through a temporary object URL.
 */
export const useDownloadPatientReport = (programId: string, userId: string) =>
  useMutation({
    mutationFn: async (range: DateRange) => {
      const path = reportsApi.exportReport.path.replace(":projectId", programId).replace(":userId", userId);
      if (isRefreshDue(readTokens())) await refreshSession();
      const token = readTokens()?.accessToken;
      const response = await fetch(path, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/pdf",
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(range),
      });
      if (!response.ok) throw new Error(`Error ${response.status}`);
      const blob = await response.blob();
      const name = fileNameOf(response.headers.get("content-disposition"), "patient-report.pdf");
      const url = URL.createObjectURL(blob);
      const anchor = document.createElement("a");
      anchor.href = url;
      anchor.download = name;
      document.body.append(anchor);
      anchor.click();
      anchor.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
      return name;
    },
  });
