import type { Endpoint } from "@openpro/core";
import { buildPath, messages, type Route } from "@openpro/core/schema-free";
import { ApiError, type FieldError } from "./api-error";
import type { CallOptions, ResponseOf } from "./http";

/**
 * The patient-side pages' client: calls a route of core's table without its schemas (no zod in the
 * light entry; the server validates every input and answers with the contract's shape). Never the
 * staff session: a call carries the patient-side token it is given, or none.
 */
export type RouteCallOptions<E> = CallOptions<E> & { bearer?: string | null };

const errorOf = (status: number, statusText: string, body: unknown): ApiError => {
  const fields = (body ?? {}) as {
    message?: unknown;
    errorCode?: unknown;
    errors?: unknown;
    maintenanceUntil?: unknown;
  };
  const text = (value: unknown) => (typeof value === "string" ? value : undefined);
  const fieldErrors = Array.isArray(fields.errors)
    ? (fields.errors as unknown[]).filter(
        (entry): entry is FieldError =>
          typeof (entry as FieldError | null)?.field === "string" &&
          typeof (entry as FieldError | null)?.message === "string",
      )
    : [];
  return new ApiError({
    status,
    message: text(fields.message) ?? statusText,
    errorCode: text(fields.errorCode),
    fieldErrors,
    maintenanceUntil: text(fields.maintenanceUntil),
    body,
  });
};

const queryString = (query: unknown): string => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries((query ?? {}) as Record<string, unknown>)) {
    if (value !== undefined && value !== null && value !== "") search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : "";
};

export const callRoute = async <E extends Endpoint>(
  route: Route<E>,
  options: RouteCallOptions<E> = {} as RouteCallOptions<E>,
): Promise<ResponseOf<E>> => {
  const { params, query, body, signal, bearer } = options as {
    params?: Record<string, string>;
    query?: unknown;
    body?: unknown;
    signal?: AbortSignal;
    bearer?: string | null;
  };
  const headers: Record<string, string> = { accept: "application/json" };
  if (body !== undefined) headers["content-type"] = "application/json";
  if (bearer) headers.authorization = `Bearer ${bearer}`;
  let response: Response;
  try {
    response = await fetch(buildPath(route.path, params) + queryString(query), {
      method: route.method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === "AbortError") throw cause;
    throw new ApiError({ message: messages.somethingWentWrong });
  }
  const json: unknown = response.status === 204 ? null : await response.json().catch(() => null);
  if (!response.ok) throw errorOf(response.status, response.statusText, json);
  return json as ResponseOf<E>;
};
