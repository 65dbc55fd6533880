import {
  type alertMessageBody,
  symptomSettingsApi as api,
  logsApi,
  messages,
  type symptomReminderBody,
} from "@openpro/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { ApiError, apiCall } from "../../lib/http";

export const symptomSettingsKeys = {
  all: (programId: string) => ["symptom-settings", programId] as const,
  prioritised: (programId: string) => ["symptom-settings", programId, "prioritised"] as const,
  messages: (programId: string) => ["symptom-settings", programId, "messages"] as const,
  reminders: (programId: string) => ["symptom-settings", programId, "reminders"] as const,
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

export const usePrioritisedSymptoms = (programId: string) =>
  useQuery({
    queryKey: symptomSettingsKeys.prioritised(programId),
    queryFn: ({ signal }) => apiCall(api.prioritised, { params: { projectId: programId }, signal }),
    meta,
  });

export const useSavePrioritisedSymptoms = (programId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (identifiers: string[]) =>
      apiCall(api.setPrioritised, { params: { projectId: programId }, body: { identifiers } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: symptomSettingsKeys.prioritised(programId) }),
    meta,
  });
};

export const useAlertMessages = (programId: string) =>
  useQuery({
    queryKey: symptomSettingsKeys.messages(programId),
    queryFn: ({ signal }) => apiCall(api.listMessages, { params: { projectId: programId }, signal }),
    meta,
  });

/** An alert message as saved: its text, and its texts in the program's other languages. */
export type AlertMessageChanges = z.output<typeof alertMessageBody>;

/** Creates the message when it has no id yet, otherwise changes its texts. */
export const useSaveAlertMessage = (programId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ messageId, body }: { messageId?: string; body: AlertMessageChanges }) =>
      messageId
        ? apiCall(api.updateMessage, { params: { projectId: programId, messageId }, body })
        : apiCall(api.createMessage, { params: { projectId: programId }, body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: symptomSettingsKeys.messages(programId) }),
    meta,
  });
};

export const useDeleteAlertMessage = (programId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (messageId: string) => apiCall(api.deleteMessage, { params: { projectId: programId, messageId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: symptomSettingsKeys.messages(programId) }),
    meta,
  });
};

export const useAddSymptomGrade = (programId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ messageId, identifier, grade }: { messageId: string; identifier: string; grade: number }) =>
      apiCall(api.addGrade, { params: { projectId: programId, messageId }, body: { identifier, grade } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: symptomSettingsKeys.messages(programId) }),
    meta,
  });
};

export const useDeleteSymptomGrade = (programId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ messageId, identifier, grade }: { messageId: string; identifier: string; grade: number }) =>
      apiCall(api.deleteGrade, { params: { projectId: programId, messageId, identifier, grade: String(grade) } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: symptomSettingsKeys.messages(programId) }),
    meta,
  });
};

export const useSymptomReminders = (programId: string) =>
  useQuery({
    queryKey: symptomSettingsKeys.reminders(programId),
    queryFn: ({ signal }) => apiCall(api.listReminders, { params: { projectId: programId }, signal }),
    meta,
  });

export const useSaveSymptomReminder = (programId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reminderId, body }: { reminderId?: string; body: z.input<typeof symptomReminderBody> }) =>
      reminderId
        ? apiCall(api.updateReminder, { params: { projectId: programId, reminderId }, body })
        : apiCall(api.createReminder, { params: { projectId: programId }, body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: symptomSettingsKeys.reminders(programId) }),
    meta,
  });
};

export const useDeleteSymptomReminder = (programId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reminderId: string) => apiCall(api.deleteReminder, { params: { projectId: programId, reminderId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: symptomSettingsKeys.reminders(programId) }),
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
