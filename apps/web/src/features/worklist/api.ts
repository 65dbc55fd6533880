import { type ContactOutcome, messages, worklistApi } from "@openpro/core";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiError, apiCall } from "../../lib/http";

export const worklistKeys = {
  all: ["worklist"] as const,
  list: (projectId: string, page: number) => ["worklist", "list", projectId, page] as const,
  count: ["worklist", "count"] as const,
  contacts: (projectId: string, patientId: string) => ["worklist", "contacts", projectId, patientId] as const,
  settings: (projectId: string) => ["worklist", "settings", projectId] as const,
};

const meta = { inlineErrors: true, ownStatuses: [400, 404, 409, 422] } as const;
export const worklistPageSize = 25;

export const useWorklist = (projectId: string | undefined, page: number) =>
  useQuery({
    queryKey: worklistKeys.list(projectId ?? "", page),
    queryFn: ({ signal }) =>
      apiCall(worklistApi.list, {
        params: { projectId: projectId! },
        query: { _page: page, _perPage: worklistPageSize },
        signal,
      }),
    enabled: !!projectId,
    placeholderData: keepPreviousData,
    meta,
  });

/** The side menu's badge, polled like the open alerts'. */
export const useQuietPatientCount = (enabled: boolean) =>
  useQuery({
    queryKey: worklistKeys.count,
    queryFn: ({ signal }) => apiCall(worklistApi.count, { signal }),
    enabled,
    refetchInterval: 60_000,
    meta: { inlineErrors: true },
  });

export const useRecordContact = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      projectId,
      patientId,
      outcome,
      note,
    }: {
      projectId: string;
      patientId: string;
      outcome: ContactOutcome;
      note?: string;
    }) =>
      apiCall(worklistApi.recordContact, {
        params: { projectId, patientId },
        body: { outcome, ...(note ? { note } : {}) },
      }),
    // Not awaited: the refetch takes the row (and the dialog in it) away, and the caller's own
    // onSuccess (close, say so) must run while the dialog is still there.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: worklistKeys.all });
    },
    meta,
  });
};

export const usePatientContacts = (projectId: string, patientId: string) =>
  useQuery({
    queryKey: worklistKeys.contacts(projectId, patientId),
    queryFn: ({ signal }) => apiCall(worklistApi.contacts, { params: { projectId, patientId }, signal }),
    meta,
  });

export const worklistErrorText = (error: unknown): string => {
  if (!(error instanceof ApiError) || error.status === undefined || error.status >= 500 || !error.message)
    return messages.oops;
  return messages.errorWithMessage(error.message);
};

export const useWorklistSettings = (projectId: string | undefined, enabled: boolean) =>
  useQuery({
    queryKey: worklistKeys.settings(projectId ?? ""),
    queryFn: ({ signal }) => apiCall(worklistApi.settings, { params: { projectId: projectId! }, signal }),
    enabled: enabled && !!projectId,
    meta,
  });

export const useSaveWorklistSettings = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ projectId, quietDays }: { projectId: string; quietDays: number }) =>
      apiCall(worklistApi.updateSettings, { params: { projectId }, body: { quietDays } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: worklistKeys.all }),
    meta,
  });
};
