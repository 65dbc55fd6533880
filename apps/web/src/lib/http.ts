import { authApi, buildPath, type Endpoint, errorBodySchema, limits, messages } from "@openpro/core";
import type { z } from "zod";
import { ApiError } from "./api-error";
import { fileNameOf, saveFile } from "./download";
import { jwtExpiry } from "./jwt";
import { clearTokens, readTokens, storeTokens, subscribeTokens, type TokenPair } from "./tokens";
import { assertWireNames } from "./wire";

// In a module of its own, so that the zod-free client (route-call.ts) throws the same errors.
export { ApiError, type FieldError } from "./api-error";

type AnyEndpoint = Endpoint<z.ZodType, z.ZodType, z.ZodType, z.ZodType>;
type Parts<E> = E extends Endpoint<infer P, infer Q, infer B, infer R> ? { P: P; Q: Q; B: B; R: R } : never;

/** An option key is absent when the endpoint declares no schema, optional when the schema accepts undefined. */
type Slot<K extends string, S> =
  unknown extends z.input<S & z.ZodType>
    ? { [k in K]?: undefined }
    : undefined extends z.input<S & z.ZodType>
      ? { [k in K]?: z.input<S & z.ZodType> }
      : { [k in K]: z.input<S & z.ZodType> };

export type CallOptions<E> = Slot<"params", Parts<E>["P"]> &
  Slot<"query", Parts<E>["Q"]> &
  Slot<"body", Parts<E>["B"]> & { signal?: AbortSignal };

export type ResponseOf<E> = z.output<Parts<E>["R"] & z.ZodType>;

type OptionalArg<E> =
  Record<never, never> extends CallOptions<E> ? [options?: CallOptions<E>] : [options: CallOptions<E>];

type SignOutListener = () => void;
const signOutListeners = new Set<SignOutListener>();

/** Notified when the client gives up on the session (refresh failed, or a 401 after refreshing). */
export const onForcedSignOut = (listener: SignOutListener): (() => void) => {
  signOutListeners.add(listener);
  return () => signOutListeners.delete(listener);
};

const forceSignOut = () => {
  clearTokens();
  for (const listener of signOutListeners) listener();
};

const leadMs = limits.accessTokenRefreshLeadSeconds * 1000;

/** True when the access token expires within the refresh lead (or its expiry is unreadable). */
export const isRefreshDue = (tokens: TokenPair | null, now: number = Date.now()): boolean => {
  if (!tokens) return false;
  const exp = jwtExpiry(tokens.accessToken);
  return exp === null || exp * 1000 - leadMs <= now;
};

let inFlightRefresh: Promise<boolean> | null = null;

/**
 * Exchanges the refresh token unless another caller or tab already did: proactively when the access
 * token is due, or after a 401 when storage still holds the access token that was refused.
 */
const exchange = async (refusedAccessToken: string | undefined): Promise<boolean> => {
  const tokens = readTokens();
  if (!tokens) return false;
  const alreadyFresh =
    refusedAccessToken === undefined ? !isRefreshDue(tokens) : tokens.accessToken !== refusedAccessToken;
  if (alreadyFresh) return true;
  try {
    const response = await fetch(authApi.refresh.path, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ refreshToken: tokens.refreshToken }),
    });
    if (!response.ok) return false;
    storeTokens(authApi.refresh.response.parse(await response.json()));
    return true;
  } catch {
    return false;
  }
};

type LockManagerLike = { request: (name: string, callback: () => Promise<unknown>) => Promise<unknown> };

const withCrossTabLock = <T>(callback: () => Promise<T>): Promise<T> => {
  // Refresh tokens rotate and a reused one ends the session, so tabs must not refresh at the same time.
  const locks = (globalThis.navigator as (Navigator & { locks?: LockManagerLike }) | undefined)?.locks;
  return locks ? (locks.request("openpro-token-refresh", callback) as Promise<T>) : callback();
};

/**
 * Refreshes the token pair; concurrent callers share one request.
 * Pass the refused access token after a 401, nothing for a proactive refresh.
 */
export const refreshSession = (refusedAccessToken?: string): Promise<boolean> => {
  if (!inFlightRefresh) {
    inFlightRefresh = withCrossTabLock(() => exchange(refusedAccessToken)).finally(() => {
      inFlightRefresh = null;
    });
  }
  return inFlightRefresh;
};

let refreshTimer: ReturnType<typeof setTimeout> | null = null;

const scheduleRefresh = (tokens: TokenPair | null) => {
  if (refreshTimer) clearTimeout(refreshTimer);
  refreshTimer = null;
  if (!tokens) return;
  const exp = jwtExpiry(tokens.accessToken);
  if (exp === null) return;
  const delay = Math.max(0, Math.min(exp * 1000 - leadMs - Date.now(), 2 ** 31 - 1));
  refreshTimer = setTimeout(() => {
    void refreshSession().then((ok) => {
      if (!ok && readTokens()) forceSignOut();
    });
  }, delay);
};

let scheduling = false;
/** Starts the proactive refresh timer (idempotent); it follows token changes in every tab. */
export const startTokenRefreshTimer = (): void => {
  if (scheduling) return;
  scheduling = true;
  subscribeTokens(scheduleRefresh);
  scheduleRefresh(readTokens());
};

const parseErrorBody = async (response: Response): Promise<ApiError> => {
  let raw: unknown = null;
  try {
    raw = await response.json();
  } catch {
    raw = null;
  }
  const parsed = errorBodySchema.safeParse(raw);
  if (parsed.success) {
    return new ApiError({
      status: response.status,
      message: parsed.data.message,
      errorCode: parsed.data.errorCode,
      fieldErrors: parsed.data.errors,
      maintenanceUntil: parsed.data.maintenanceUntil,
      body: raw,
    });
  }
  return new ApiError({ status: response.status, message: response.statusText, body: raw });
};

const toQueryString = (query: unknown): string => {
  if (!query || typeof query !== "object") return "";
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query as Record<string, unknown>)) {
    if (value === undefined || value === null || value === "") continue;
    search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : "";
};

/** Calls an endpoint of the core table with typed params, query and body; resolves with the parsed response. */
export const apiCall = async <E extends AnyEndpoint>(
  endpoint: E,
  ...[options]: OptionalArg<E>
): Promise<ResponseOf<E>> => request(endpoint, (options ?? {}) as RequestOptions);

/** Sends a multipart form (a file upload) to an endpoint of the core table; same session and error rules. */
export const apiUpload = async <E extends AnyEndpoint>(
  endpoint: E,
  formData: FormData,
  options: { signal?: AbortSignal } = {},
): Promise<ResponseOf<E>> => request(endpoint, { formData, signal: options.signal });

/**
 * Calls an endpoint with a bearer token of its own (the patient-side session of the invite flow):
 * the staff tokens are neither sent nor refreshed, and a 401 never signs the staff user out.
 */
export const apiCallWithToken = async <E extends AnyEndpoint>(
  accessToken: string | null,
  endpoint: E,
  ...[options]: OptionalArg<E>
): Promise<ResponseOf<E>> => request(endpoint, { ...((options ?? {}) as RequestOptions), bearer: accessToken ?? "" });

interface RequestOptions {
  /** A token that replaces the staff session for this call ("" sends none). */
  bearer?: string;
  params?: Record<string, string>;
  query?: unknown;
  body?: unknown;
  formData?: FormData;
  signal?: AbortSignal;
  /** What the caller reads from the answer: JSON unless a file is downloaded. */
  accept?: string;
}

/**
 * Sends one call of the endpoint table with the session's rules: the staff token (refreshed when due,
 * and once more after a 401, else the user is signed out) or the token the caller gives; a refusal is
 * an ApiError in the server's words. Resolves with the successful response, its body unread.
 */
const send = async (endpoint: AnyEndpoint, opts: RequestOptions): Promise<Response> => {
  assertWireNames(endpoint, opts);
  const url = buildPath(endpoint.path, opts.params) + toQueryString(opts.query);
  const ownToken = opts.bearer !== undefined;
  const authenticated = endpoint.auth !== false && !ownToken;

  let usedToken: string | undefined;
  const sendOnce = async (): Promise<Response> => {
    const headers: Record<string, string> = { accept: opts.accept ?? "application/json" };
    // A FormData body sets its own multipart content type with the boundary.
    if (opts.body !== undefined && !opts.formData) headers["content-type"] = "application/json";
    usedToken = ownToken ? opts.bearer || undefined : authenticated ? readTokens()?.accessToken : undefined;
    if (usedToken) headers.authorization = `Bearer ${usedToken}`;
    try {
      return await fetch(url, {
        method: endpoint.method,
        headers,
        body: opts.formData ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body)),
        signal: opts.signal,
      });
    } catch (cause) {
      if (cause instanceof DOMException && cause.name === "AbortError") throw cause;
      throw new ApiError({ message: messages.somethingWentWrong });
    }
  };

  if (authenticated && isRefreshDue(readTokens())) {
    const ok = await refreshSession();
    if (!ok) {
      forceSignOut();
      throw new ApiError({ status: 401, message: messages.refreshInvalid });
    }
  }

  let response = await sendOnce();
  if (response.status === 401 && usedToken && !ownToken) {
    const ok = await refreshSession(usedToken);
    if (ok) response = await sendOnce();
    if (!ok || response.status === 401) {
      const error = ok
        ? await parseErrorBody(response)
        : new ApiError({ status: 401, message: messages.refreshInvalid });
      forceSignOut();
      throw error;
    }
  }
  if (!response.ok) throw await parseErrorBody(response);
  return response;
};

const request = async <E extends AnyEndpoint>(endpoint: E, opts: RequestOptions): Promise<ResponseOf<E>> => {
  const response = await send(endpoint, opts);
  if (response.status === 204) return endpoint.response.parse(null) as ResponseOf<E>;
  let json: unknown = null;
  try {
    json = await response.json();
  } catch {
    json = null;
  }
  const parsed = endpoint.response.safeParse(json);
  if (!parsed.success) {
    // The answer does not match the shared contract: treat it like a server fault.
    throw new ApiError({ message: messages.somethingWentWrong, errorCode: "INVALID_RESPONSE", body: json });
  }
  return parsed.data as ResponseOf<E>;
};

/** What a download asks for (the file's media type) and the name it is saved under when the server gives none. */
export type DownloadOptions<E> = CallOptions<E> & { accept: string; fallbackName: string };

const saveAnswer = async (response: Response, fallbackName: string): Promise<string> => {
  const name = fileNameOf(response.headers.get("content-disposition"), fallbackName);
  let blob: Blob;
  try {
    blob = await response.blob();
  } catch {
    throw new ApiError({ message: messages.somethingWentWrong });
  }
  saveFile(blob, name);
  return name;
};

/**
 * Downloads a file an endpoint of the core table answers (a PDF, a CSV, a zip, an .ics) with the
 * staff session, under the same rules as every other call (token refreshed when due and after a
 * 401, the server's message on a refusal), and hands it to the browser under the server's file
 * name. Resolves with that name.
 */
export const download = async <E extends AnyEndpoint>(endpoint: E, options: DownloadOptions<E>): Promise<string> => {
  const { fallbackName, ...rest } = options;
  return saveAnswer(await send(endpoint, rest as RequestOptions), fallbackName);
};

/**
 * The same download with a bearer token of the caller's own (the patient web app's session, which
 * renews its token and repeats a refused call itself): the staff tokens are neither sent nor refreshed.
 */
export const downloadWithToken = async <E extends AnyEndpoint>(
  accessToken: string,
  endpoint: E,
  options: DownloadOptions<E>,
): Promise<string> => {
  const { fallbackName, ...rest } = options;
  return saveAnswer(await send(endpoint, { ...(rest as RequestOptions), bearer: accessToken }), fallbackName);
};
