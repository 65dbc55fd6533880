import { organisationsApi, programTeamApi } from "@openpro/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiCall, type CallOptions } from "../../lib/http";

type Body<E> = NonNullable<CallOptions<E> extends { body?: infer B } ? B : never>;

/** Whose team: an organisation's or a program's. Both share one member shape. */
export type TeamRef = { kind: "organisation"; organisationId: string } | { kind: "program"; programId: string };

export type NewTeamMember = Body<typeof programTeamApi.add>;
export type TeamMemberChanges = Body<typeof programTeamApi.update>;

export const teamKeys = {
  /** The organisation key stays under "organisations" so that invalidating an organisation refreshes its team. */
  members: (team: TeamRef) =>
    team.kind === "organisation"
      ? (["organisations", "staff", team.organisationId] as const)
      : (["programs", "staff", team.programId] as const),
};

export const useTeamMembers = (team: TeamRef, enabled = true) =>
  useQuery({
    queryKey: teamKeys.members(team),
    queryFn: ({ signal }) =>
      team.kind === "organisation"
        ? apiCall(organisationsApi.staff, { params: { organisationId: team.organisationId }, signal })
        : apiCall(programTeamApi.list, { params: { projectId: team.programId }, signal }),
    enabled,
  });

const useInvalidateMembers = (team: TeamRef) => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: teamKeys.members(team) });
};

/** 409 (already on the team) and 422 (field errors) are shown on the drawer's fields. */
export const useAddTeamMember = (team: TeamRef) => {
  const invalidate = useInvalidateMembers(team);
  return useMutation({
    mutationFn: (body: NewTeamMember) =>
      team.kind === "organisation"
        ? apiCall(organisationsApi.addStaff, { params: { organisationId: team.organisationId }, body })
        : apiCall(programTeamApi.add, { params: { projectId: team.programId }, body }),
    onSuccess: () => invalidate(),
    meta: { inlineErrors: true, ownStatuses: [400, 409, 422] },
  });
};

export const useUpdateTeamMember = (team: TeamRef) => {
  const invalidate = useInvalidateMembers(team);
  return useMutation({
    mutationFn: ({ userId, body }: { userId: string; body: TeamMemberChanges }) =>
      team.kind === "organisation"
        ? apiCall(organisationsApi.updateStaff, { params: { organisationId: team.organisationId, userId }, body })
        : apiCall(programTeamApi.update, { params: { projectId: team.programId, userId }, body }),
    onSuccess: () => invalidate(),
    meta: { inlineErrors: true, ownStatuses: [400, 409, 422] },
  });
};

/** `deleteProfile` applies to program teams only (an organisation removal always keeps the account). */
export const useRemoveTeamMember = (team: TeamRef) => {
  const invalidate = useInvalidateMembers(team);
  return useMutation({
    mutationFn: ({ userId, deleteProfile = false }: { userId: string; deleteProfile?: boolean }) =>
      team.kind === "organisation"
        ? apiCall(organisationsApi.removeStaff, { params: { organisationId: team.organisationId, userId } })
        : apiCall(programTeamApi.remove, {
            params: { projectId: team.programId, userId },
            query: { deleteProfile: deleteProfile ? "true" : "false" },
          }),
    onSuccess: () => invalidate(),
    meta: { inlineErrors: true, ownStatuses: [400, 409] },
  });
};

/** Re-send a program team member's invitation; resolves with the server's message. */
export const useResendTeamInvite = (programId: string) => {
  const invalidate = useInvalidateMembers({ kind: "program", programId });
  return useMutation({
    mutationFn: (userId: string) => apiCall(programTeamApi.resendInvite, { params: { projectId: programId, userId } }),
    // A 409 means the member accepted meanwhile: the refreshed list drops the button.
    onError: () => invalidate(),
    meta: { inlineErrors: true, ownStatuses: [400, 404, 409] },
  });
};
