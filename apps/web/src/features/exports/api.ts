import {
  type ErasureBody,
  erasureApi,
  exportsApi,
  type ResearchExport,
  type StartResearchExportBody,
} from "@openpro/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiCall, download } from "../../lib/http";

export const exportKeys = {
  program: (programId: string) => ["data-exports", programId] as const,
  erasure: (programId: string, userId: string) => ["erasure", programId, userId] as const,
  retention: (programId: string) => ["retention", programId] as const,
};

const inProgress = (e: ResearchExport) => e.status === "queued" || e.status === "running";

/** The user's recent exports of the program; polled every 2 s while one is still being made. */
export const useResearchExports = (programId: string) =>
  useQuery({
    queryKey: exportKeys.program(programId),
    queryFn: ({ signal }) => apiCall(exportsApi.list, { params: { projectId: programId }, signal }),
    enabled: Boolean(programId),
    refetchInterval: (query) => (query.state.data?.results.some(inProgress) ? 2000 : false),
  });

export const useStartResearchExport = (programId: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: StartResearchExportBody) =>
      apiCall(exportsApi.start, { params: { projectId: programId }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: exportKeys.program(programId) }),
  });
};

export const useDownloadResearchExport = (programId: string) =>
  useMutation({
    mutationFn: (e: ResearchExport) =>
      download(exportsApi.download, {
        params: { projectId: programId, exportId: e.id },
        accept: "application/zip, application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        fallbackName: e.fileName ?? "export",
      }),
  });

/** A patient's own-data zip, produced for the patient's request (staff with the identifiable export permission). */
export const useDownloadPatientData = (programId: string, userId: string) =>
  useMutation({
    mutationFn: () =>
      download(exportsApi.patientData, {
        params: { projectId: programId, userId },
        accept: "application/zip",
        fallbackName: "patient-data.zip",
      }),
  });

/** Whether the patient's data in the program was erased, and whether their request would be granted today. */
export const useErasureStatus = (programId: string, userId: string, enabled: boolean) =>
  useQuery({
    queryKey: exportKeys.erasure(programId, userId),
    queryFn: ({ signal }) => apiCall(erasureApi.status, { params: { projectId: programId, userId }, signal }),
    enabled: enabled && Boolean(programId && userId),
  });

/** Erases the patient's personal data in the program; every cached view of the patient is then stale. */
export const useErasePatient = (programId: string, userId: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ErasureBody) => apiCall(erasureApi.erase, { params: { projectId: programId, userId }, body }),
    onSuccess: () => client.invalidateQueries(),
  });
};

/** How long the program's patient data is kept after it ends (those who may erase see and set it). */
export const useRetention = (programId: string, enabled: boolean) =>
  useQuery({
    queryKey: exportKeys.retention(programId),
    queryFn: ({ signal }) => apiCall(erasureApi.retention, { params: { projectId: programId }, signal }),
    enabled: enabled && Boolean(programId),
  });

/** Sets the retention; the erasure status of every patient of the program depends on it. */
export const useSaveRetention = (programId: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (retentionYears: number) =>
      apiCall(erasureApi.updateRetention, { params: { projectId: programId }, body: { retentionYears } }),
    onSuccess: (retention) => {
      client.setQueryData(exportKeys.retention(programId), retention);
      return client.invalidateQueries({ queryKey: ["erasure", programId] });
    },
  });
};
