import { symptomSettingsApi as api, logsApi, messages, type symptomReminderBody } from "@openpro/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { ApiError, apiCall } from "../../lib/http";

export const symptomSettingsKeys = {
  all: (projectId: string) => ["symptom-settings", projectId] as const,
  prioritised: (projectId: string) => ["symptom-settings", projectId, "prioritised"] as const,
  messages: (projectId: string) => ["symptom-settings", projectId, "messages"] as const,
  reminders: (projectId: string) => ["symptom-settings", projectId, "reminders"] as const,
  catalogue: ["symptom-settings", "catalogue"] as const,
};

/** Failures the tab shows itself; the app still handles sign-out and maintenance. */
const meta = { inlineErrors: true, ownStatuses: [400, 404, 409, 422] } as const;

/** The symptom catalogue (CTCAE terms), to choose symptoms from. */
export const useSymptomCatalogue = () =>
  useQuery({
    queryKey: symptomSettingsKeys.catalogue,
    queryFn: ({ signal }) => apiCall(logsApi.types, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
    select: (data) => data.results,
  });

export const usePrioritisedSymptoms = (projectId: string) =>
  useQuery({
    queryKey: symptomSettingsKeys.prioritised(projectId),
    queryFn: ({ signal }) => apiCall(api.prioritised, { params: { projectId }, signal }),
    meta,
  });

export const useSavePrioritisedSymptoms = (projectId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (identifiers: string[]) =>
      apiCall(api.setPrioritised, { params: { projectId }, body: { identifiers } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: symptomSettingsKeys.prioritised(projectId) }),
    meta,
  });
};

export const useAlertMessages = (projectId: string) =>
  useQuery({
    queryKey: symptomSettingsKeys.messages(projectId),
    queryFn: ({ signal }) => apiCall(api.listMessages, { params: { projectId }, signal }),
    meta,
  });

/** Creates the message when it has no id yet, otherwise changes its text. */
export const useSaveAlertMessage = (projectId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ messageId, message }: { messageId?: string; message: string }) =>
      messageId
        ? apiCall(api.updateMessage, { params: { projectId, messageId }, body: { message } })
        : apiCall(api.createMessage, { params: { projectId }, body: { message } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: symptomSettingsKeys.messages(projectId) }),
    meta,
  });
};

export const useDeleteAlertMessage = (projectId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (messageId: string) => apiCall(api.deleteMessage, { params: { projectId, messageId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: symptomSettingsKeys.messages(projectId) }),
    meta,
  });
};

export const useAddSymptomGrade = (projectId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ messageId, identifier, grade }: { messageId: string; identifier: string; grade: number }) =>
      apiCall(api.addGrade, { params: { projectId, messageId }, body: { identifier, grade } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: symptomSettingsKeys.messages(projectId) }),
    meta,
  });
};

export const useDeleteSymptomGrade = (projectId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ messageId, identifier, grade }: { messageId: string; identifier: string; grade: number }) =>
      apiCall(api.deleteGrade, { params: { projectId, messageId, identifier, grade: String(grade) } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: symptomSettingsKeys.messages(projectId) }),
    meta,
  });
};

export const useSymptomReminders = (projectId: string) =>
  useQuery({
    queryKey: symptomSettingsKeys.reminders(projectId),
    queryFn: ({ signal }) => apiCall(api.listReminders, { params: { projectId }, signal }),
    meta,
  });

export const useSaveSymptomReminder = (projectId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reminderId, body }: { reminderId?: string; body: z.input<typeof symptomReminderBody> }) =>
      reminderId
        ? apiCall(api.updateReminder, { params: { projectId, reminderId }, body })
        : apiCall(api.createReminder, { params: { projectId }, body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: symptomSettingsKeys.reminders(projectId) }),
    meta,
  });
};

export const useDeleteSymptomReminder = (projectId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reminderId: string) => apiCall(api.deleteReminder, { params: { projectId, reminderId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: symptomSettingsKeys.reminders(projectId) }),
    meta,
  });
};

/** The server's message ("Error - {msg}"), or the generic one when there is none. */
export const errorText = (error: unknown): string => {
  if (!(error instanceof ApiError) || error.status === undefined || error.status >= 500 || !error.message)
    return messages.oops;
  return messages.errorWithMessage(error.message);
};

/** The message of one field of a 422, if the server sent one. */
export const fieldError = (error: unknown, field: string): string | undefined =>
  error instanceof ApiError ? error.fieldErrors.find((e) => e.field === field)?.message : undefined;
