import { messages, preVisitSummaryApi } from "@openpro/core";
import { useMutation, useQuery } from "@tanstack/react-query";
import { ApiError, apiCall, download } from "../../lib/http";

export const preVisitSummaryKeys = {
  summary: (programId: string, userId: string) => ["pre-visit-summary", programId, userId] as const,
};

export const usePreVisitSummary = (programId: string, userId: string) =>
  useQuery({
    queryKey: preVisitSummaryKeys.summary(programId, userId),
    queryFn: ({ signal }) => apiCall(preVisitSummaryApi.summary, { params: { projectId: programId, userId }, signal }),
    meta: { inlineErrors: true, ownStatuses: [403, 404] },
  });

/** The summary as a PDF file, saved under the server's file name. */
export const useDownloadPreVisitSummaryPdf = (programId: string, userId: string) =>
  useMutation({
    mutationFn: () =>
      download(preVisitSummaryApi.pdf, {
        params: { projectId: programId, userId },
        accept: "application/pdf",
        fallbackName: "pre-visit-summary.pdf",
      }),
    meta: { inlineErrors: true },
  });

export const summaryErrorText = (error: unknown): string => {
  if (!(error instanceof ApiError) || error.status === undefined || error.status >= 500 || !error.message)
    return messages.oops;
  return messages.errorWithMessage(error.message);
};
