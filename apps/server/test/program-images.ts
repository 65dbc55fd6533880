import type { TestApp } from "./test-app.js";

/**
 * A body sent to the program image upload (without `token`: by no one signed in), as the settings
 * screen sends it (multipartFile from teams.ts), or anything else a story tries there.
 */
export const uploadImage = (
  t: TestApp,
  token: string | undefined,
  body: { payload: Buffer | Record<string, unknown>; headers?: Record<string, string> },
) => t.request({ method: "POST", url: "/api/v1/admin/upload-image", ...(token ? { token } : {}), ...body });
