import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PUBLIC_PAGES } from "@openpro/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/test-app.js";
import { htmlEntryFor } from "./static-assets.js";

const page = (name: string) => `<!doctype html><html lang="en"><head><title>${name}</title></head><body></body></html>`;

describe("the public pages open with their own light entry", () => {
  let t: TestApp;
  let dist: string;

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), "openpro-web-entries-"));
    mkdirSync(join(dist, "assets"));
    for (const name of ["index", "public-pages", "me"]) writeFileSync(join(dist, `${name}.html`), page(name));
    t = await createTestApp({ webDist: dist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const titleOf = async (url: string) => {
    const response = await t.request({ method: "GET", url });
    expect(response.statusCode, url).toBe(200);
    expect(response.headers["cache-control"], url).toBe("no-cache");
    return /<title>(.*)<\/title>/.exec(response.body)?.[1];
  };

  it("sends public-pages.html for every public page, with its codes and query strings", async () => {
    const urls = [
      "/invite/K7M2P9QX",
      "/invite/K7M2P9QX?lang=en",
      "/auth-consent/K7M2P9QX?programId=0b5cad00-0000-4000-8000-000000000001",
      "/demographic-info",
      "/get-the-app",
      "/auth-confirm",
      "/unsubscribe?email=cGF0aWVudA&token=abc",
      "/study/0b5cad00-0000-4000-8000-000000000001",
      "/login",
      "/join/5f0c3a9e-0000-4000-8000-000000000001?email=new%40example.org&organisationName=Northbridge",
    ];
    // Every page of the list is exercised here.
    expect(PUBLIC_PAGES.filter((p) => !urls.some((u) => u.startsWith(p.split("/:")[0]!)))).toEqual([]);
    for (const url of urls) expect(await titleOf(url), url).toBe("public-pages");
  });

  it("sends the staff app for staff pages and anything else, and the patient app for /me", async () => {
    for (const url of [
      "/",
      "/2FA/login/a%40b.org",
      "/reset-password",
      "/programs/1/participants",
      "/invite",
      "/join/a/b",
    ]) {
      expect(await titleOf(url), url).toBe("index");
    }
    expect(await titleOf("/me")).toBe("me");
  });

  it("falls back to the staff app, which has the same pages, for a build without the light entry", () => {
    const oldBuild = mkdtempSync(join(tmpdir(), "openpro-web-old-"));
    writeFileSync(join(oldBuild, "index.html"), page("index"));
    expect(htmlEntryFor("/invite/K7M2P9QX", oldBuild)).toBe("index.html");
    expect(htmlEntryFor("/invite/K7M2P9QX", dist)).toBe("public-pages.html");
    rmSync(oldBuild, { recursive: true, force: true });
  });
});
