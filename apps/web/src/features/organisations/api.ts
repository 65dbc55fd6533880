import { organisationsApi } from "@openpro/core";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiCall, type CallOptions } from "../../lib/http";

type Body<E> = NonNullable<CallOptions<E> extends { body?: infer B } ? B : never>;

export const organisationKeys = {
  all: ["organisations"] as const,
  list: (page: number, term: string) => ["organisations", "list", page, term] as const,
  detail: (organisationId: string) => ["organisations", "detail", organisationId] as const,
};

export const useOrganisations = (page: number, term: string) =>
  useQuery({
    queryKey: organisationKeys.list(page, term),
    queryFn: ({ signal }) =>
      apiCall(organisationsApi.list, {
        query: { _page: page, _perPage: 25, term: term.trim().toLowerCase() || undefined },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** The organisation page answers a missing organisation itself (one 404, not a dialog over it). */
export const useOrganisation = (organisationId: string) =>
  useQuery({
    queryKey: organisationKeys.detail(organisationId),
    queryFn: ({ signal }) => apiCall(organisationsApi.get, { params: { organisationId }, signal }),
    meta: { ownStatuses: [404] },
  });

/** Create: the form shows any failure on the name field. */
export const useCreateOrganisation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Body<typeof organisationsApi.create>) => apiCall(organisationsApi.create, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organisationKeys.all }),
    meta: { inlineErrors: true, ownStatuses: [400, 409, 422] },
  });
};

export const useUpdateOrganisation = (organisationId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Body<typeof organisationsApi.update>) =>
      apiCall(organisationsApi.update, { params: { organisationId }, body }),
    onSuccess: (organisation) => {
      queryClient.setQueryData(organisationKeys.detail(organisationId), organisation);
      void queryClient.invalidateQueries({ queryKey: ["organisations", "list"] });
    },
    meta: { inlineErrors: true, ownStatuses: [400, 409, 422] },
  });
};

/** 409 (programs remain) is shown by the dialog itself. */
export const useDeleteOrganisation = (organisationId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiCall(organisationsApi.remove, { params: { organisationId } }),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: organisationKeys.detail(organisationId) });
      void queryClient.invalidateQueries({ queryKey: ["organisations", "list"] });
    },
    meta: { inlineErrors: true, ownStatuses: [400, 409] },
  });
};
