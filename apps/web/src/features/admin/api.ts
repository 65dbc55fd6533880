import { adminApi } from "@openpro/core";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiCall, type CallOptions } from "../../lib/http";

type Body<E> = NonNullable<CallOptions<E> extends { body?: infer B } ? B : never>;

export const adminKeys = {
  outbox: (page: number, perPage: number) => ["admin", "outbox", page, perPage] as const,
  appVersion: ["admin", "app-version"] as const,
};

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
    mutationFn: (projectId: string) => apiCall(adminApi.endProgram, { params: { projectId } }),
    meta: { inlineErrors: true, ownStatuses: [400, 404, 409, 422] },
  });
