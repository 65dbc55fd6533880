import { messages, preVisitSummaryApi } from "@openpro/core";
import { useQuery } from "@tanstack/react-query";
import { ApiError, apiCall } from "../../lib/http";

export const preVisitSummaryKeys = {
  summary: (projectId: string, userId: string) => ["pre-visit-summary", projectId, userId] as const,
};

export const usePreVisitSummary = (projectId: string, userId: string) =>
  useQuery({
    queryKey: preVisitSummaryKeys.summary(projectId, userId),
    queryFn: ({ signal }) => apiCall(preVisitSummaryApi.summary, { params: { projectId, userId }, signal }),
    meta: { inlineErrors: true, ownStatuses: [403, 404] },
  });

export const summaryErrorText = (error: unknown): string => {
  if (!(error instanceof ApiError) || error.status === undefined || error.status >= 500 || !error.message)
    return messages.oops;
  return messages.errorWithMessage(error.message);
};
