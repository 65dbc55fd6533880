import { contentApi, type LegalDocumentId } from "@openpro/core";
import { useQuery } from "@tanstack/react-query";
import { apiCall } from "../../lib/http";

export const contentKeys = {
  document: (id: LegalDocumentId) => ["content", "document", id] as const,
};

export const useLegalDocument = (documentId: LegalDocumentId) =>
  useQuery({
    queryKey: contentKeys.document(documentId),
    queryFn: ({ signal }) => apiCall(contentApi.document, { params: { documentId }, signal }),
    staleTime: 60 * 60_000,
  });
