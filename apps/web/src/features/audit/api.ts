import { type AuditSearchQuery, auditApi } from "@openpro/core";
import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import { apiCall, download } from "../../lib/http";

export type AuditFilterValues = Omit<AuditSearchQuery, "_page" | "_perPage">;

export const auditKeys = {
  search: (query: AuditSearchQuery) => ["audit", "search", query] as const,
};

/** A page of the audit log; a 422 (a bad filter) is shown beside the field, not as a pop-up. */
export const useAuditSearch = (query: AuditSearchQuery) =>
  useQuery({
    queryKey: auditKeys.search(query),
    queryFn: ({ signal }) => apiCall(auditApi.search, { query, signal }),
    placeholderData: keepPreviousData,
    retry: false,
    meta: { ownStatuses: [422] },
  });

/** The search as a CSV file, saved under the server's file name. */
export const useExportAudit = () =>
  useMutation({
    mutationFn: (filter: AuditFilterValues) =>
      download(auditApi.export, { query: filter, accept: "text/csv", fallbackName: "audit-log.csv" }),
  });
