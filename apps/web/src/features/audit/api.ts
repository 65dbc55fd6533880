import { type AuditSearchQuery, auditApi } from "@openpro/core";
import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import { apiCall, isRefreshDue, refreshSession } from "../../lib/http";
import { readTokens } from "../../lib/tokens";

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

const queryString = (filter: AuditFilterValues) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) if (value) search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : "";
};

/** The search as a CSV file, fetched with the session's token and saved. */
export const useExportAudit = () =>
  useMutation({
    mutationFn: async (filter: AuditFilterValues) => {
      if (isRefreshDue(readTokens())) await refreshSession();
      const token = readTokens()?.accessToken;
      const response = await fetch(`${auditApi.export.path}${queryString(filter)}`, {
        headers: { accept: "text/csv", ...(token ? { authorization: `Bearer ${token}` } : {}) },
      });
      if (!response.ok) throw new Error(`Error ${response.status}`);
      const blob = await response.blob();
      const header = response.headers.get("content-disposition") ?? "";
      const name = header.match(/filename="?([^";]+)"?/i)?.[1] ?? "audit-log.csv";
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
