import { limits, organisationsApi, programReadinessApi, programsApi } from "@openpro/core";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiCall, apiUpload, type CallOptions } from "../../lib/http";
import { fromWire } from "../../lib/wire";

type Body<E> = NonNullable<CallOptions<E> extends { body?: infer B } ? B : never>;
export type NewProgram = Body<typeof programsApi.create>;
export type ProgramChanges = Body<typeof programsApi.update>;

export const programKeys = {
  all: ["programs"] as const,
  list: (page: number, organisationId: string | null) => ["programs", "list", page, organisationId] as const,
  detail: (programId: string) => ["programs", "detail", programId] as const,
  readiness: (programId: string) => ["programs", "detail", programId, "readiness"] as const,
  organisationChoices: ["programs", "organisation-choices"] as const,
  patientIdTypes: ["programs", "patient-id-types"] as const,
};

export const usePrograms = (page: number, organisationId: string | null) =>
  useQuery({
    queryKey: programKeys.list(page, organisationId),
    queryFn: ({ signal }) =>
      apiCall(programsApi.list, {
        query: { _page: page, _perPage: limits.pageSize.projects, organisationId: organisationId ?? undefined },
        signal,
      }),
    select: (page) => ({ ...page, results: page.results.map((program) => fromWire(program)) }),
    placeholderData: keepPreviousData,
  });

/** The organisations the user may work with (filter and create-program picker). */
export const useOrganisationChoices = (enabled = true) =>
  useQuery({
    queryKey: programKeys.organisationChoices,
    queryFn: ({ signal }) => apiCall(organisationsApi.choices, { signal }),
    staleTime: 5 * 60_000,
    enabled,
  });

export const usePatientIdTypes = () =>
  useQuery({
    queryKey: programKeys.patientIdTypes,
    queryFn: ({ signal }) => apiCall(programsApi.patientIdTypes, { signal }),
    staleTime: 60 * 60_000,
  });

/** The program page answers a missing program itself (one 404, not a dialog over the page's own). */
export const useProgram = (programId: string) =>
  useQuery({
    queryKey: programKeys.detail(programId),
    queryFn: ({ signal }) => apiCall(programsApi.get, { params: { projectId: programId }, signal }),
    select: fromWire,
    meta: { ownStatuses: [404] },
  });

/** Whether the program may reach patients and what is missing; read afresh on each visit (settings change elsewhere). */
export const useProgramReadiness = (programId: string) =>
  useQuery({
    queryKey: programKeys.readiness(programId),
    queryFn: ({ signal }) => apiCall(programReadinessApi.get, { params: { projectId: programId }, signal }),
    staleTime: 0,
  });

/** 409 (name taken) and 422 (fields) are shown on the form. */
export const useCreateProgram = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewProgram) => apiCall(programsApi.create, { body }).then(fromWire),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["programs", "list"] }),
    meta: { inlineErrors: true, ownStatuses: [409, 422] },
  });
};

export const useUpdateProgram = (programId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ProgramChanges) => {
      const program = await apiCall(programsApi.update, { params: { projectId: programId }, body });
      // The cache holds the wire's form (useProgram's select translates it); the form gets the web's.
      queryClient.setQueryData(programKeys.detail(programId), program);
      return fromWire(program);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["programs", "list"] }),
    meta: { inlineErrors: true, ownStatuses: [409, 422] },
  });
};

/** Takes the image off the program (its own call, as the specification has it). */
export const useRemoveProgramImage = (programId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiCall(programsApi.removeImage, { params: { projectId: programId } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: programKeys.detail(programId) });
      void queryClient.invalidateQueries({ queryKey: ["programs", "list"] });
    },
  });
};

/** 409 (members remain) is shown beside the button. */
export const useDeleteProgram = (programId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiCall(programsApi.remove, { params: { projectId: programId } }),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: programKeys.detail(programId) });
      void queryClient.invalidateQueries({ queryKey: ["programs", "list"] });
    },
    meta: { inlineErrors: true, ownStatuses: [409] },
  });
};

/** POST /admin/upload-image with the multipart field "file"; 422 messages are shown by the picker. */
export const useUploadImage = () =>
  useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append("file", file);
      return apiUpload(programsApi.uploadImage, form);
    },
    meta: { inlineErrors: true, ownStatuses: [400, 413, 415, 422] },
  });
