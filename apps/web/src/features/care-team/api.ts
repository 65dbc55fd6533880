import { type CareTeamContactInput, careTeamApi, messages } from "@openpro/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiError, apiCall } from "../../lib/http";

export const careTeamKeys = {
  list: (programId: string) => ["care-team", programId] as const,
};

/** Failures the tab shows itself; the app still handles sign-out and maintenance. */
const meta = { inlineErrors: true, ownStatuses: [400, 404, 409, 422] } as const;

export const useCareTeamContacts = (programId: string) =>
  useQuery({
    queryKey: careTeamKeys.list(programId),
    queryFn: ({ signal }) => apiCall(careTeamApi.list, { params: { projectId: programId }, signal }),
    meta,
  });

/** Creates the contact when it has no id yet, otherwise replaces it. */
export const useSaveCareTeamContact = (programId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ contactId, body }: { contactId?: string; body: CareTeamContactInput }) =>
      contactId
        ? apiCall(careTeamApi.update, { params: { projectId: programId, contactId }, body })
        : apiCall(careTeamApi.create, { params: { projectId: programId }, body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: careTeamKeys.list(programId) }),
    meta,
  });
};

export const useDeleteCareTeamContact = (programId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (contactId: string) => apiCall(careTeamApi.remove, { params: { projectId: programId, contactId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: careTeamKeys.list(programId) }),
    meta,
  });
};

/**
 * A failure with a server message reads "Error - {msg}" ("Error: {msg}" when deleting);
 * anything else (no answer, a server fault) "Oops, something went wrong".
 */
export const careTeamErrorText = (error: unknown, action: "save" | "delete"): string => {
  if (!(error instanceof ApiError) || error.status === undefined || error.status >= 500 || !error.message)
    return messages.oops;
  return action === "delete"
    ? messages.errorWithMessageOnDelete(error.message)
    : messages.errorWithMessage(error.message);
};
