import { adminApi, limits, usersApi } from "@openpro/core";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiCall, type CallOptions } from "../../lib/http";

type Body<E> = NonNullable<CallOptions<E> extends { body?: infer B } ? B : never>;
export type UserChanges = Body<typeof usersApi.update>;

export const userKeys = {
  list: (email: string, page: number) => ["users", "list", email, page] as const,
  detail: (userId: string) => ["users", "detail", userId] as const,
  permissions: ["users", "permission-catalogue"] as const,
};

/** Users whose e-mail contains the search (at least 2 characters); disabled until a search was made. */
export const useUserSearch = (email: string | null, page: number) =>
  useQuery({
    queryKey: userKeys.list(email ?? "", page),
    queryFn: ({ signal }) =>
      apiCall(usersApi.list, {
        query: { _page: page, _perPage: limits.pageSize.users, email: email ?? undefined },
        signal,
      }),
    enabled: email !== null,
    placeholderData: keepPreviousData,
  });

export const useAdminUser = (userId: string | null) =>
  useQuery({
    queryKey: userKeys.detail(userId ?? ""),
    queryFn: ({ signal }) => apiCall(usersApi.get, { params: { userId: userId ?? "" }, signal }),
    enabled: userId !== null,
  });

export const usePermissionCatalogue = () =>
  useQuery({
    queryKey: userKeys.permissions,
    queryFn: ({ signal }) => apiCall(adminApi.permissions, { signal }),
    staleTime: 60 * 60_000,
  });

export const useUpdateUser = (userId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UserChanges) => apiCall(usersApi.update, { params: { userId }, body }),
    onSuccess: (user) => {
      queryClient.setQueryData(userKeys.detail(userId), user);
      void queryClient.invalidateQueries({ queryKey: ["users", "list"] });
    },
    meta: { inlineErrors: true, ownStatuses: [400, 409, 422] },
  });
};

/** 409 (the admin profile, or yourself) is shown in the confirm dialog. */
export const useDeleteUser = (userId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiCall(usersApi.remove, { params: { userId } }),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: userKeys.detail(userId) });
      void queryClient.invalidateQueries({ queryKey: ["users", "list"] });
    },
    meta: { inlineErrors: true, ownStatuses: [400, 409] },
  });
};
