import { errorBodySchema, messages } from "@openpro/core";
import { ApiError } from "./api-error";
import { isRefreshDue, refreshSession } from "./http";
import { readTokens } from "./tokens";

/** The file name of a Content-Disposition header (RFC 6266 filename* first), if any. */
export const fileNameOf = (header: string | null, fallback: string): string => {
  if (!header) return fallback;
  const star = header.match(/filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ""));
    } catch {
      // fall through to the plain filename
    }
  }
  const plain = header.match(/filename\s*=\s*"?([^";]+)"?/i);
  return plain?.[1]?.trim() || fallback;
};

/** Hands a file to the browser to save, through a temporary object URL. */
export const saveFile = (blob: Blob, name: string) => {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement("a");
  anchor.href = url;
  anchor.download = name;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
};

/**
 * Downloads a file the API answers (a PDF, a zip) with the staff session's token, refreshed when
 * due or refused once, and saves it under the name the server gives. A refusal is an ApiError with
 * the server's message, as the JSON client throws.
 */
export const downloadFile = async (
  path: string,
  options: { method?: "GET" | "POST"; body?: unknown; accept: string; fallbackName: string },
): Promise<string> => {
  let token: string | undefined;
  const send = () => {
    token = readTokens()?.accessToken;
    return fetch(path, {
      method: options.method ?? "GET",
      headers: {
        accept: options.accept,
        ...(options.body === undefined ? {} : { "content-type": "application/json" }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
  };
  if (isRefreshDue(readTokens())) await refreshSession();
  let response = await send();
  if (response.status === 401 && token && (await refreshSession(token))) response = await send();
  if (!response.ok) {
    const body = errorBodySchema.safeParse(await response.json().catch(() => null));
    throw new ApiError({
      status: response.status,
      message: body.success ? body.data.message : messages.somethingWentWrong,
    });
  }
  const name = fileNameOf(response.headers.get("content-disposition"), options.fallbackName);
  saveFile(await response.blob(), name);
  return name;
};
