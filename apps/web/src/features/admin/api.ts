import { adminApi } from "@openpro/core";
import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import { apiCall } from "../../lib/http";

export const adminKeys = {
  outbox: (page: number, perPage: number) => ["admin", "outbox", page, perPage] as const,
};

export const useSubmitFeedback = () =>
  useMutation({ mutationFn: (text: string) => apiCall(adminApi.feedback, { body: { text } }) });

export const useOutbox = (page: number, perPage: number) =>
  useQuery({
    queryKey: adminKeys.outbox(page, perPage),
    queryFn: ({ signal }) => apiCall(adminApi.outbox, { query: { _page: page, _perPage: perPage }, signal }),
    placeholderData: keepPreviousData,
  });
