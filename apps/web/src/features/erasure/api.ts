import { type ErasureBody, erasureApi } from "@openpro/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiCall } from "../../lib/http";

export const erasureKeys = {
  status: (programId: string, userId: string) => ["erasure", programId, userId] as const,
  retention: (programId: string) => ["retention", programId] as const,
};

/** Whether the patient's data in the program was erased, and whether their request would be granted today. */
export const useErasureStatus = (programId: string, userId: string, enabled: boolean) =>
  useQuery({
    queryKey: erasureKeys.status(programId, userId),
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
    queryKey: erasureKeys.retention(programId),
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
      client.setQueryData(erasureKeys.retention(programId), retention);
      return client.invalidateQueries({ queryKey: ["erasure", programId] });
    },
  });
};
