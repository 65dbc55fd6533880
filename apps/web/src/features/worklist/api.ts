import { type ContactOutcome, messages, type WorklistRow, worklistApi } from "@openpro/core";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiError, apiCall } from "../../lib/http";
import { userIdFromWire, type WithUserId } from "../../lib/wire";

/** A patient gone quiet, as the worklist shows them: the patient's account as `userId` (lib/wire.ts). */
export type QuietPatient = WithUserId<WorklistRow>;

export const worklistKeys = {
  all: ["worklist"] as const,
  list: (programId: string, page: number) => ["worklist", "list", programId, page] as const,
  count: ["worklist", "count"] as const,
  contacts: (programId: string, userId: string) => ["worklist", "contacts", programId, userId] as const,
  settings: (programId: string) => ["worklist", "settings", programId] as const,
};

const meta = { inlineErrors: true, ownStatuses: [400, 404, 409, 422] } as const;
export const worklistPageSize = 25;

export const useWorklist = (programId: string | undefined, page: number) =>
  useQuery({
    queryKey: worklistKeys.list(programId ?? "", page),
    queryFn: ({ signal }) =>
      apiCall(worklistApi.list, {
        params: { projectId: programId! },
        query: { _page: page, _perPage: worklistPageSize },
        signal,
      }),
    select: (list) => ({ ...list, results: list.results.map((row) => userIdFromWire(row)) }),
    enabled: !!programId,
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
      programId,
      userId,
      outcome,
      note,
    }: {
      programId: string;
      userId: string;
      outcome: ContactOutcome;
      note?: string;
    }) =>
      apiCall(worklistApi.recordContact, {
        params: { projectId: programId, patientId: userId },
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

export const usePatientContacts = (programId: string, userId: string) =>
  useQuery({
    queryKey: worklistKeys.contacts(programId, userId),
    queryFn: ({ signal }) =>
      apiCall(worklistApi.contacts, { params: { projectId: programId, patientId: userId }, signal }),
    meta,
  });

export const worklistErrorText = (error: unknown): string => {
  if (!(error instanceof ApiError) || error.status === undefined || error.status >= 500 || !error.message)
    return messages.oops;
  return messages.errorWithMessage(error.message);
};

export const useWorklistSettings = (programId: string | undefined, enabled: boolean) =>
  useQuery({
    queryKey: worklistKeys.settings(programId ?? ""),
    queryFn: ({ signal }) => apiCall(worklistApi.settings, { params: { projectId: programId! }, signal }),
    enabled: enabled && !!programId,
    meta,
  });

export const useSaveWorklistSettings = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ programId, quietDays }: { programId: string; quietDays: number }) =>
      apiCall(worklistApi.updateSettings, { params: { projectId: programId }, body: { quietDays } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: worklistKeys.all }),
    meta,
  });
};
