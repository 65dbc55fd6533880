import { exportsApi, type ResearchExport, type StartResearchExportBody } from "@openpro/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiCall, download } from "../../lib/http";

export const exportKeys = {
  program: (programId: string) => ["data-exports", programId] as const,
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
