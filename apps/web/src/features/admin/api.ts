import { adminApi, programsApi } from "@openpro/core";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiCall, type CallOptions } from "../../lib/http";

type Body<E> = NonNullable<CallOptions<E> extends { body?: infer B } ? B : never>;

export const adminKeys = {
  outbox: (page: number, perPage: number) => ["admin", "outbox", page, perPage] as const,
  appVersion: ["admin", "app-version"] as const,
  openPrograms: ["admin", "open-programs"] as const,
};

/** The programs that can still be ended (every program an admin sees, the closed ones left out), by name. */
export const useOpenPrograms = () =>
  useQuery({
    queryKey: adminKeys.openPrograms,
    queryFn: async ({ signal }) => {
      const page = await apiCall(programsApi.list, { query: { _page: 1, _perPage: 500 }, signal });
      return page.results.filter((p) => !p.closed).map((p) => ({ programId: p.projectId, name: p.name }));
    },
  });

export const useSubmitFeedback = () =>
  useMutation({ mutationFn: (text: string) => apiCall(adminApi.feedback, { body: { text } }) });

export const useOutbox = (page: number, perPage: number) =>
  useQuery({
    queryKey: adminKeys.outbox(page, perPage),
    queryFn: ({ signal }) => apiCall(adminApi.outbox, { query: { _page: page, _perPage: perPage }, signal }),
    placeholderData: keepPreviousData,
  });

export const useAppVersion = () =>
  useQuery({
    queryKey: adminKeys.appVersion,
    queryFn: ({ signal }) => apiCall(adminApi.appVersion, { signal }),
  });

/** Failures are shown by the form as "Error - {message}". */
export const useUpdateAppVersion = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Body<typeof adminApi.updateAppVersion>) => apiCall(adminApi.updateAppVersion, { body }),
    onSuccess: (saved) => queryClient.setQueryData(adminKeys.appVersion, saved),
    meta: { inlineErrors: true, ownStatuses: [400, 404, 409, 422] },
  });
};

export const useEndProgram = () =>
  useMutation({
    mutationFn: (programId: string) => apiCall(adminApi.endProgram, { params: { projectId: programId } }),
    meta: { inlineErrors: true, ownStatuses: [400, 404, 409, 422] },
  });
