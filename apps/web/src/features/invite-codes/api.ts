import { inviteCodesApi } from "@openpro/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiCall } from "../../lib/http";

export const inviteCodeKeys = {
  list: (programId: string) => ["invite-codes", programId] as const,
};

/** An expiry date (YYYY-MM-DD) is sent as the end of that day, in UTC. */
export const endOfDay = (date: string): string => `${date}T23:59:59.999Z`;

/** The program's codes; fetched only for public programs and users who may view them. */
export const useInviteCodes = (programId: string, enabled = true) =>
  useQuery({
    queryKey: inviteCodeKeys.list(programId),
    queryFn: ({ signal }) => apiCall(inviteCodesApi.list, { query: { projectId: programId }, signal }),
    enabled,
    meta: { inlineErrors: true, ownStatuses: [400, 404, 409, 422] },
  });

const useCodeMutation = <T>(programId: string, fn: (vars: T) => Promise<unknown>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: inviteCodeKeys.list(programId) }),
    meta: { inlineErrors: true, ownStatuses: [400, 404, 409, 422] },
  });
};

export const useCreateInviteCode = (programId: string) =>
  useCodeMutation(programId, (date: string) =>
    apiCall(inviteCodesApi.create, { body: { projectId: programId, dateExpires: endOfDay(date) } }),
  );

export const useUpdateInviteCode = (programId: string) =>
  useCodeMutation(programId, (date: string) =>
    apiCall(inviteCodesApi.update, { body: { projectId: programId, dateExpires: endOfDay(date) } }),
  );

export const useDeactivateInviteCode = (programId: string) =>
  useCodeMutation(programId, (_: undefined) => apiCall(inviteCodesApi.deactivate, { body: { projectId: programId } }));
