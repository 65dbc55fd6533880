import { type alertSettingsBody, alertsApi, type CloseAction, messages, type Alert as WireAlert } from "@openpro/core";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { ApiError, apiCall } from "../../lib/http";
import { type FromWire, fromWire, userIdFromWire, type WithUserId } from "../../lib/wire";

/** An alert as the queue shows it: its program `programId`, its patient's account `userId` (lib/wire.ts). */
export type Alert = WithUserId<FromWire<WireAlert>>;

export interface AlertFilter {
  programId?: string;
  status?: "open" | "taken" | "closed";
  owner?: "me" | "unassigned";
  /** One alert, as a link names it (`/alerts?projectId=…&alert=…`). */
  alertId?: string;
  page: number;
}

export const alertKeys = {
  all: ["alerts"] as const,
  list: (filter: AlertFilter) => ["alerts", "list", filter] as const,
  count: ["alerts", "count"] as const,
  settings: (programId: string) => ["alerts", "settings", programId] as const,
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
          ...(filter.programId ? { projectId: filter.programId } : {}),
          ...(filter.status ? { status: filter.status } : {}),
          ...(filter.owner ? { owner: filter.owner } : {}),
          ...(filter.alertId ? { alertId: filter.alertId } : {}),
        },
        signal,
      }),
    select: (page) => ({ ...page, results: page.results.map((alert) => userIdFromWire(fromWire(alert))) }),
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
  useAlertMutation(({ programId, alertId }: { programId: string; alertId: string }) =>
    apiCall(alertsApi.take, { params: { projectId: programId, alertId } }),
  );

export const useCloseAlert = () =>
  useAlertMutation(
    ({
      programId,
      alertId,
      action,
      note,
    }: {
      programId: string;
      alertId: string;
      action: CloseAction;
      note?: string;
    }) =>
      apiCall(alertsApi.close, {
        params: { projectId: programId, alertId },
        body: { action, ...(note ? { note } : {}) },
      }),
  );

export const useAcknowledgeAlertLogs = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ programId, alertId }: { programId: string; alertId: string }) =>
      apiCall(alertsApi.acknowledgeLogs, { params: { projectId: programId, alertId } }),
    // The patient's logs changed too.
    onSettled: () => queryClient.invalidateQueries(),
    meta,
  });
};

export const useAlertSettings = (programId: string) =>
  useQuery({
    queryKey: alertKeys.settings(programId),
    queryFn: ({ signal }) => apiCall(alertsApi.settings, { params: { projectId: programId }, signal }),
    meta,
  });

/** What the alert settings card saves: the escalation delay and the alert messages' texts per language. */
export type AlertSettingsChanges = z.output<typeof alertSettingsBody>;

export const useSaveAlertSettings = (programId: string) =>
  useAlertMutation((body: AlertSettingsChanges) =>
    apiCall(alertsApi.updateSettings, { params: { projectId: programId }, body }),
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
