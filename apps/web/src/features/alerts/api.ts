import { alertsApi, type CloseAction, messages } from "@openpro/core";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiError, apiCall } from "../../lib/http";

export interface AlertFilter {
  projectId?: string;
  status?: "open" | "taken" | "closed";
  owner?: "me" | "unassigned";
  page: number;
}

export const alertKeys = {
  all: ["alerts"] as const,
  list: (filter: AlertFilter) => ["alerts", "list", filter] as const,
  count: ["alerts", "count"] as const,
  settings: (projectId: string) => ["alerts", "settings", projectId] as const,
  preferences: ["alerts", "preferences"] as const,
};

const meta = { inlineErrors: true, ownStatuses: [400, 404, 409, 422] } as const;
export const alertPageSize = 25;

export const useAlerts = (filter: AlertFilter) =>
  useQuery({
    queryKey: alertKeys.list(filter),
    queryFn: ({ signal }) =>
      apiCall(alertsApi.list, {
        query: {
          _page: filter.page,
          _perPage: alertPageSize,
          ...(filter.projectId ? { projectId: filter.projectId } : {}),
          ...(filter.status ? { status: filter.status } : {}),
          ...(filter.owner ? { owner: filter.owner } : {}),
        },
        signal,
      }),
    placeholderData: keepPreviousData,
    meta,
  });

/** The side menu's badge: polled, so a new alert shows without a reload. */
export const useOpenAlertCount = (enabled: boolean) =>
  useQuery({
    queryKey: alertKeys.count,
    queryFn: ({ signal }) => apiCall(alertsApi.count, { signal }),
    enabled,
    refetchInterval: 60_000,
    meta: { inlineErrors: true },
  });

const useAlertMutation = <V>(fn: (vars: V) => Promise<unknown>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: alertKeys.all }),
    meta,
  });
};

export const useTakeAlert = () =>
  useAlertMutation(({ projectId, alertId }: { projectId: string; alertId: string }) =>
    apiCall(alertsApi.take, { params: { projectId, alertId } }),
  );

export const useCloseAlert = () =>
  useAlertMutation(
    ({
      projectId,
      alertId,
      action,
      note,
    }: {
      projectId: string;
      alertId: string;
      action: CloseAction;
      note?: string;
    }) => apiCall(alertsApi.close, { params: { projectId, alertId }, body: { action, ...(note ? { note } : {}) } }),
  );

export const useAcknowledgeAlertLogs = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ projectId, alertId }: { projectId: string; alertId: string }) =>
      apiCall(alertsApi.acknowledgeLogs, { params: { projectId, alertId } }),
    // The patient's logs changed too.
    onSettled: () => queryClient.invalidateQueries(),
    meta,
  });
};

export const useAlertSettings = (projectId: string) =>
  useQuery({
    queryKey: alertKeys.settings(projectId),
    queryFn: ({ signal }) => apiCall(alertsApi.settings, { params: { projectId }, signal }),
    meta,
  });

export const useSaveAlertSettings = (projectId: string) =>
  useAlertMutation((escalationMinutes: number) =>
    apiCall(alertsApi.updateSettings, { params: { projectId }, body: { escalationMinutes } }),
  );

export const useAlertPreferences = () =>
  useQuery({
    queryKey: alertKeys.preferences,
    queryFn: ({ signal }) => apiCall(alertsApi.preferences, { signal }),
    meta,
  });

export const useSaveAlertPreferences = () =>
  useAlertMutation((emailOnNewAlert: boolean) => apiCall(alertsApi.updatePreferences, { body: { emailOnNewAlert } }));

export const alertErrorText = (error: unknown): string => {
  if (!(error instanceof ApiError) || error.status === undefined || error.status >= 500 || !error.message)
    return messages.oops;
  return messages.errorWithMessage(error.message);
};
