import { inviteCodesApi } from "@openpro/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiCall } from "../../lib/http";

export const inviteCodeKeys = {
  list: (projectId: string) => ["invite-codes", projectId] as const,
};

/** An expiry date (YYYY-MM-DD) is sent as the end of that day, in UTC. */
export const endOfDay = (date: string): string => `${date}T23:59:59.999Z`;

/** The program's codes; fetched only for public programs and users who may view them. */
export const useInviteCodes = (projectId: string, enabled = true) =>
  useQuery({
    queryKey: inviteCodeKeys.list(projectId),
    queryFn: ({ signal }) => apiCall(inviteCodesApi.list, { query: { projectId }, signal }),
    enabled,
    meta: { inlineErrors: true, ownStatuses: [400, 404, 409, 422] },
  });

const useCodeMutation = <T>(projectId: string, fn: (vars: T) => Promise<unknown>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: inviteCodeKeys.list(projectId) }),
    meta: { inlineErrors: true, ownStatuses: [400, 404, 409, 422] },
  });
};

export const useCreateInviteCode = (projectId: string) =>
  useCodeMutation(projectId, (date: string) =>
    apiCall(inviteCodesApi.create, { body: { projectId, dateExpires: endOfDay(date) } }),
  );

export const useUpdateInviteCode = (projectId: string) =>
  useCodeMutation(projectId, (date: string) =>
    apiCall(inviteCodesApi.update, { body: { projectId, dateExpires: endOfDay(date) } }),
  );

export const useDeactivateInviteCode = (projectId: string) =>
  useCodeMutation(projectId, (_: undefined) => apiCall(inviteCodesApi.deactivate, { body: { projectId } }));
