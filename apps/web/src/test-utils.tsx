import { ThemeProvider } from "@mui/material/styles";
import { type CurrentUser, messages } from "@openpro/core";
import { QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import { SnackbarProvider } from "notistack";
import type { ReactElement } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { vi } from "vitest";
import { createQueryClient } from "./app/query-client";
import { type Session, SessionContext } from "./lib/session-context";
import { theme } from "./lib/theme";
import { signedInStaffUser } from "./test-fixtures";

// The app's own providers, for tests that mount them (tests under pages/ and features/ do not import app/).
export { SessionProvider } from "./app/session-provider";
export { theme };

/**
 * Renders UI with the app's providers (query client with the global error handling, snackbars, theme, and a
 * data router, so that navigation blockers work). `path` gives the route pattern when the UI reads params.
 */
export const renderWithProviders = (
  ui: ReactElement,
  { route = "/", path = "*" }: { route?: string; path?: string } = {},
) => {
  const queryClient = createQueryClient();
  const router = createMemoryRouter(
    [{ path, element: ui }, ...(path === "*" ? [] : [{ path: "*", element: <p>Elsewhere</p> }])],
    { initialEntries: [route] },
  );
  return {
    queryClient,
    router,
    ...render(
      <ThemeProvider theme={theme}>
        <QueryClientProvider client={queryClient}>
          <SnackbarProvider maxSnack={5}>
            <RouterProvider router={router} />
          </SnackbarProvider>
        </QueryClientProvider>
      </ThemeProvider>,
    ),
  };
};

export const jsonResponse = (status: number, body: unknown): Response =>
  new Response(body === null ? null : JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json" },
  });

/**
 * Stubs window.fetch with a handler per "METHOD path"; unknown calls fail the test loudly. A handler
 * keyed without a query string also answers that path with any query (?lang=de: the patient's
 * language a call names).
 */
export const stubFetch = (
  handlers: Record<string, (init: RequestInit | undefined) => Response | Promise<Response>>,
) => {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.pathname : input.url;
    const key = `${init?.method ?? "GET"} ${url}`;
    const handler = handlers[key] ?? handlers[key.split("?")[0]!];
    if (!handler) throw new Error(`Unexpected fetch: ${key}`);
    return handler(init);
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
};

/** An unsigned JWT whose payload has the given exp (seconds). */
export const fakeJwt = (exp: number): string => {
  const encode = (value: object) =>
    btoa(JSON.stringify(value)).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");
  return `${encode({ alg: "none", typ: "JWT" })}.${encode({ sub: "user", exp })}.signature`;
};

/**
 * A session signed in as `user` (by default the signed-in staff user of test-fixtures.ts), its
 * actions mocks a story can assert on: signIn, signOut, and refetchUser answering `user`.
 */
export const signedInSession = (user: CurrentUser = signedInStaffUser()): Session => ({
  status: "signed-in",
  user,
  signIn: vi.fn(),
  signOut: vi.fn(async () => undefined),
  refetchUser: vi.fn(async () => user),
});

/** Renders UI with the app's providers (renderWithProviders) inside the given session. */
export const renderSignedIn = (session: Session, ui: ReactElement, options: { route?: string; path?: string } = {}) =>
  renderWithProviders(<SessionContext.Provider value={session}>{ui}</SessionContext.Provider>, options);

/** The server's side of a password change: the change is accepted, and the sign-in with the new password returns `user`. */
export const stubPasswordChange = (user: CurrentUser) =>
  stubFetch({
    "POST /api/v2/auth/change-password": () => jsonResponse(200, { message: messages.passwordUpdated }),
    "POST /api/v2/auth/login": () => jsonResponse(200, { accessToken: "a2", refreshToken: "r2", user }),
  });

/** The body of the sign-in a stubbed fetch received (after a password change, the one with the new password). */
export const signInBodyOf = (fetchMock: ReturnType<typeof stubFetch>): unknown => {
  const login = fetchMock.mock.calls.find(([url]) => String(url).endsWith("/api/v2/auth/login"));
  return JSON.parse(String(login?.[1]?.body));
};
