import { auditApi, exportsApi, messages, reportsApi } from "@openpro/core";
import { describe, expect, it, vi } from "vitest";
import { meDownload, readMeTokens, storeMeTokens } from "../patient-app/session";
import { fakeJwt, jsonResponse, stubFetch } from "../test-utils";
import { fileNameOf } from "./download";
import { ApiError, download, onForcedSignOut } from "./http";
import { readTokens, storeTokens } from "./tokens";

const programId = "33333333-3333-4333-8333-333333333333";
const userId = "44444444-4444-4444-8444-444444444444";
const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;
const bearerOf = (init: RequestInit | undefined) => new Headers(init?.headers).get("authorization");

const pdf = (disposition: string) =>
  new Response(new TextEncoder().encode("%PDF-1.7"), {
    status: 200,
    headers: { "content-type": "application/pdf", "content-disposition": disposition },
  });

/** Catches what the browser is handed: each file's name and bytes. */
const catchSavedFiles = () => {
  const saved: { name: string; blob: Blob }[] = [];
  const blobs: Blob[] = [];
  vi.stubGlobal(
    "URL",
    Object.assign(URL, {
      createObjectURL: vi.fn((blob: Blob) => {
        blobs.push(blob);
        return `blob:${blobs.length}`;
      }),
      revokeObjectURL: vi.fn(),
    }),
  );
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, blob: blobs[blobs.length - 1]! });
  });
  return saved;
};

describe("the file name a server gives in Content-Disposition", () => {
  it("reads a plain name", () => {
    expect(fileNameOf("attachment; filename=audit-log.csv", "x.csv")).toBe("audit-log.csv");
  });

  it("reads a quoted name, spaces, semicolons and escaped quotes kept", () => {
    expect(fileNameOf('attachment; filename="ada lovelace; 2026-03.pdf"', "x.pdf")).toBe("ada lovelace; 2026-03.pdf");
    expect(fileNameOf('attachment; filename="the \\"final\\" report.pdf"', "x.pdf")).toBe('the "final" report.pdf');
  });

  it("prefers filename*=UTF-8''… (percent-encoded) over the plain fallback, before or after it", () => {
    expect(fileNameOf("attachment; filename*=UTF-8''r%C3%A9sum%C3%A9.pdf", "x.pdf")).toBe("résumé.pdf");
    expect(fileNameOf("attachment; filename=\"resume.pdf\"; filename*=UTF-8''r%C3%A9sum%C3%A9.pdf", "x.pdf")).toBe(
      "résumé.pdf",
    );
    expect(fileNameOf("attachment; filename*=utf-8'de'M%C3%BCller.zip; filename=Mueller.zip", "x.zip")).toBe(
      "Müller.zip",
    );
    expect(fileNameOf("attachment; filename*=ISO-8859-1''Z%FCrich.csv", "x.csv")).toBe("Zürich.csv");
  });

  it("falls back to the plain name when filename* cannot be decoded, and to the given name when none is sent", () => {
    expect(fileNameOf("attachment; filename*=UTF-8''%E0%A4%A.pdf; filename=\"plain.pdf\"", "x.pdf")).toBe("plain.pdf");
    expect(fileNameOf("attachment", "patient-report.pdf")).toBe("patient-report.pdf");
    expect(fileNameOf(null, "patient-report.pdf")).toBe("patient-report.pdf");
  });

  it("keeps only the name of a path", () => {
    expect(fileNameOf('attachment; filename="../../etc/passwd"', "x")).toBe("passwd");
  });
});

describe("a staff download through lib/http.ts", () => {
  it("fills the wire's path and query, sends the body and the media type asked for, and saves under the server's name", async () => {
    storeTokens({ accessToken: fakeJwt(inAnHour()), refreshToken: "r1" });
    const saved = catchSavedFiles();
    const fetchMock = stubFetch({
      [`POST /api/v1/pro-dashboard/projects/${programId}/users/${userId}/reports/export`]: () =>
        pdf("attachment; filename*=UTF-8''ada-lovelace-m%C3%A4rz.pdf"),
    });
    const name = await download(reportsApi.exportReport, {
      params: { projectId: programId, userId },
      body: { startDate: "2026-03-01", endDate: "2026-03-31" },
      accept: "application/pdf",
      fallbackName: "patient-report.pdf",
    });
    expect(name).toBe("ada-lovelace-märz.pdf");
    expect(saved.map((file) => file.name)).toEqual(["ada-lovelace-märz.pdf"]);
    expect(await saved[0]!.blob.text()).toBe("%PDF-1.7");
    const init = fetchMock.mock.calls[0]![1];
    expect(new Headers(init?.headers).get("accept")).toBe("application/pdf");
    expect(JSON.parse(String(init?.body))).toEqual({ startDate: "2026-03-01", endDate: "2026-03-31" });
  });

  it("after a 401 renews the session once and repeats the download with the new token", async () => {
    const refused = fakeJwt(inAnHour());
    const fresh = fakeJwt(inAnHour() + 60);
    storeTokens({ accessToken: refused, refreshToken: "r1" });
    const saved = catchSavedFiles();
    let exportCalls = 0;
    const fetchMock = stubFetch({
      "GET /api/v1/admin/audit/export.csv?actor=ann%40example.org": () =>
        ++exportCalls === 1
          ? jsonResponse(401, { statusCode: 401, message: "Token expired" })
          : new Response("when,who\n", {
              status: 200,
              headers: { "content-type": "text/csv", "content-disposition": 'attachment; filename="audit-log.csv"' },
            }),
      "POST /api/v1/auth/refresh": () => jsonResponse(200, { accessToken: fresh, refreshToken: "r2" }),
    });
    await download(auditApi.export, { query: { actor: "ann@example.org" }, accept: "text/csv", fallbackName: "x.csv" });
    expect(fetchMock.mock.calls.map(([url, init]) => `${init?.method ?? "GET"} ${String(url).split("?")[0]}`)).toEqual([
      "GET /api/v1/admin/audit/export.csv",
      "POST /api/v1/auth/refresh",
      "GET /api/v1/admin/audit/export.csv",
    ]);
    expect(bearerOf(fetchMock.mock.calls[0]![1])).toBe(`Bearer ${refused}`);
    expect(bearerOf(fetchMock.mock.calls[2]![1])).toBe(`Bearer ${fresh}`);
    expect(readTokens()).toEqual({ accessToken: fresh, refreshToken: "r2" });
    expect(saved.map((file) => file.name)).toEqual(["audit-log.csv"]);
  });

  it("a refusal is an ApiError in the server's words, and nothing is saved", async () => {
    storeTokens({ accessToken: fakeJwt(inAnHour()), refreshToken: "r1" });
    const saved = catchSavedFiles();
    stubFetch({
      [`GET /api/v1/admin/projects/${programId}/users/${userId}/data-export`]: () =>
        jsonResponse(403, { statusCode: 403, message: messages.forbidden, errorCode: "FORBIDDEN" }),
    });
    const error = await download(exportsApi.patientData, {
      params: { projectId: programId, userId },
      accept: "application/zip",
      fallbackName: "patient-data.zip",
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 403, message: messages.forbidden, errorCode: "FORBIDDEN" });
    expect(saved).toEqual([]);
  });

  it("when the session cannot be renewed the user is signed out, as on any other call", async () => {
    storeTokens({ accessToken: fakeJwt(inAnHour()), refreshToken: "r1" });
    const signedOut = vi.fn();
    const stop = onForcedSignOut(signedOut);
    stubFetch({
      [`GET /api/v1/admin/projects/${programId}/users/${userId}/data-export`]: () =>
        jsonResponse(401, { statusCode: 401, message: "Token expired" }),
      "POST /api/v1/auth/refresh": () => jsonResponse(401, { statusCode: 401, message: "Invalid refresh token" }),
    });
    const error = await download(exportsApi.patientData, {
      params: { projectId: programId, userId },
      accept: "application/zip",
      fallbackName: "patient-data.zip",
    }).catch((e: unknown) => e);
    stop();
    expect(error).toMatchObject({ status: 401, message: messages.refreshInvalid });
    expect(signedOut).toHaveBeenCalledOnce();
    expect(readTokens()).toBeNull();
  });
});

describe("a patient's download through the patient session", () => {
  it("after a 401 renews the patient's own tokens (never a staff session) and repeats the download", async () => {
    const staff = fakeJwt(inAnHour());
    storeTokens({ accessToken: staff, refreshToken: "staff-r" });
    const refused = fakeJwt(inAnHour());
    const fresh = fakeJwt(inAnHour() + 60);
    storeMeTokens({ accessToken: refused, refreshToken: "me-r1" }, "p1");
    const saved = catchSavedFiles();
    let calls = 0;
    const fetchMock = stubFetch({
      "GET /api/v1/user/data-export": () =>
        ++calls === 1
          ? jsonResponse(401, { statusCode: 401, message: "Token expired" })
          : new Response(new TextEncoder().encode("PK"), {
              status: 200,
              headers: { "content-disposition": "attachment; filename*=UTF-8''freya%20hill.zip" },
            }),
      "POST /api/v1/auth/refresh": (init) => {
        expect(JSON.parse(String(init?.body))).toEqual({ refreshToken: "me-r1" });
        return jsonResponse(200, { accessToken: fresh, refreshToken: "me-r2" });
      },
    });
    await meDownload(exportsApi.myData, { accept: "application/zip", fallbackName: "my-openpro-data.zip" });
    expect(bearerOf(fetchMock.mock.calls[0]![1])).toBe(`Bearer ${refused}`);
    expect(bearerOf(fetchMock.mock.calls[2]![1])).toBe(`Bearer ${fresh}`);
    expect(readMeTokens()).toEqual({ accessToken: fresh, refreshToken: "me-r2" });
    expect(readTokens()).toEqual({ accessToken: staff, refreshToken: "staff-r" });
    expect(saved.map((file) => file.name)).toEqual(["freya hill.zip"]);
  });
});
