import { limits, messages } from "@openpro/core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fieldErrors } from "../../../test/factories.js";
import { uploadImage } from "../../../test/program-images.js";
import {
  changePermissions,
  insertOrganisation,
  insertProgram,
  multipartFile,
  multipartWithoutFile,
  organisationStaff,
  staffSession,
  uniqueMailDomain,
} from "../../../test/teams.js";
import { createTestApp, type TestApp } from "../../../test/test-app.js";

/** A 400×300 blue banner, as a png. */
const bannerPng = () =>
  sharp({ create: { width: 400, height: 300, channels: 3, background: "#0b5cad" } })
    .png()
    .toBuffer();

describe("program images: upload, thumbnail, and the four rules", () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /**
   * Each story's uploaders, with their roles' default grants and an e-mail domain of the story's own:
   * Ada, a superadmin, and Callum, a clinical program admin (his grants may change); and the banner
   * they upload (`png`).
   */
  const adaAndCallum = async () => {
    const domain = uniqueMailDomain();
    return {
      domain,
      admin: (await staffSession(t, { email: `ada@${domain}`, role: "superadmin" })).token,
      programAdmin: await staffSession(t, { email: `callum@${domain}`, role: "clinical_project_admin" }),
      png: await bannerPng(),
    };
  };

  it("stores a png and serves it with a 320×180 thumbnail", async () => {
    const { programAdmin, png } = await adaAndCallum();
    const response = await uploadImage(
      t,
      programAdmin.token,
      multipartFile({ fileName: "program-banner.png", contentType: "image/png", data: png }),
    );
    expect(response.statusCode).toBe(201);
    const { imageUrl, thumbnailUrl } = response.json();
    expect(imageUrl).toMatch(/^\/api\/v1\/images\/[0-9a-f-]{36}$/);
    expect(thumbnailUrl).toBe(`${imageUrl}/thumbnail`);

    // <img> tags send no token: the images are served without one.
    const image = await t.request({ method: "GET", url: imageUrl });
    expect(image.statusCode).toBe(200);
    expect(image.headers["content-type"]).toBe("image/png");
    // Re-encoded without metadata (images.test "strips EXIF"): the same picture, not the same bytes.
    expect(await sharp(image.rawPayload).metadata()).toMatchObject({ format: "png", width: 400, height: 300 });

    const thumbnail = await t.request({ method: "GET", url: thumbnailUrl });
    expect(thumbnail.statusCode).toBe(200);
    expect(thumbnail.headers["content-type"]).toBe("image/png");
    const meta = await sharp(thumbnail.rawPayload).metadata();
    expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({
      format: "png",
      width: 320,
      height: 180,
    });

    const unknown = await t.request({ method: "GET", url: "/api/v1/images/00000000-0000-4000-8000-000000000000" });
    expect(unknown.statusCode).toBe(404);
    expect((await t.request({ method: "GET", url: "/api/v1/images/not-an-id/thumbnail" })).statusCode).toBe(404);
  });

  it("accepts a jpeg too", async () => {
    const { admin } = await adaAndCallum();
    const jpeg = await sharp({ create: { width: 50, height: 80, channels: 3, background: "#ffcc00" } })
      .jpeg()
      .toBuffer();
    const response = await uploadImage(
      t,
      admin,
      multipartFile({ fileName: "photo.jpg", contentType: "image/jpeg", data: jpeg }),
    );
    expect(response.statusCode).toBe(201);
    const thumbnail = await t.request({ method: "GET", url: response.json().thumbnailUrl });
    expect(thumbnail.headers["content-type"]).toBe("image/jpeg");
    expect(await sharp(thumbnail.rawPayload).metadata()).toMatchObject({ format: "jpeg", width: 320, height: 180 });
  });

  it("refuses other formats, renamed files, large files, long names and a missing file", async () => {
    const { admin, png } = await adaAndCallum();
    const countImages = async () => (await t.ctx.db.selectFrom("uploadedImages").select("id").execute()).length;
    const before = await countImages();
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: "#000" } })
      .gif()
      .toBuffer();
    const cases: [{ payload: Buffer; headers: Record<string, string> }, string][] = [
      [multipartFile({ fileName: "anim.gif", contentType: "image/gif", data: gif }), messages.imageUnsupported],
      // A gif that claims to be a png, and a text file renamed .png: the bytes decide.
      [multipartFile({ fileName: "anim.png", contentType: "image/png", data: gif }), messages.imageUnsupported],
      [
        multipartFile({ fileName: "notes.png", contentType: "image/png", data: Buffer.from("just some text\n") }),
        messages.imageUnsupported,
      ],
      [
        multipartFile({
          fileName: "huge.png",
          contentType: "image/png",
          data: Buffer.concat([png, Buffer.alloc(limits.image.maxBytes)]),
        }),
        messages.imageTooLarge,
      ],
      [
        multipartFile({ fileName: `${"n".repeat(47)}.png`, contentType: "image/png", data: png }),
        messages.imageNameTooLong,
      ],
      [multipartWithoutFile(), messages.imageMissing],
      [
        multipartFile({ fileName: "empty.png", contentType: "image/png", data: Buffer.alloc(0) }),
        messages.imageMissing,
      ],
    ];
    for (const [body, message] of cases) {
      const response = await uploadImage(t, admin, body);
      expect(response.statusCode, message).toBe(422);
      expect(fieldErrors(response)).toEqual([{ field: "file", message }]);
    }
    // Fifty characters is still fine.
    const fifty = await uploadImage(
      t,
      admin,
      multipartFile({ fileName: `${"n".repeat(46)}.png`, contentType: "image/png", data: png }),
    );
    expect(fifty.statusCode).toBe(201);
    expect(await countImages()).toBe(before + 1);

    // A JSON body is not a file upload.
    const json = await uploadImage(t, admin, { payload: { file: "x" } });
    expect(json.statusCode).toBe(422);
    expect(fieldErrors(json)).toEqual([{ field: "file", message: messages.imageMissing }]);
  });

  it("refuses an upload to those without an upload permission", async () => {
    const { domain, programAdmin, png } = await adaAndCallum();
    const nurse = await staffSession(t, { email: `nia@${domain}`, role: "clinician_team_member" });
    const body = () => multipartFile({ fileName: "a.png", contentType: "image/png", data: png });
    expect((await uploadImage(t, nurse.token, body())).statusCode).toBe(403);
    const lsMember = await staffSession(t, { email: `luca@${domain}`, role: "life_sciences_team_member" });
    expect((await uploadImage(t, lsMember.token, body())).statusCode).toBe(403);

    // Either upload permission alone is enough.
    await changePermissions(t, programAdmin.id, { revoke: ["upload_image"] });
    expect((await uploadImage(t, programAdmin.token, body())).statusCode).toBe(201);
    await changePermissions(t, programAdmin.id, { revoke: ["upload_project_image"] });
    expect((await uploadImage(t, programAdmin.token, body())).statusCode).toBe(403);

    expect((await uploadImage(t, undefined, body())).statusCode).toBe(401);
  });

  it("removes a program's image with its own call, for those who may upload one, in the program's reach", async () => {
    const png = await bannerPng();
    const northbridge = await insertOrganisation(t, "Northbridge Health");
    const programId = await insertProgram(t, { organisationId: northbridge, name: "Northbridge Heart" });
    const other = await insertProgram(t, { organisationId: await insertOrganisation(t, "Lakeside"), name: "Lakeside" });
    const callum = await organisationStaff(t, northbridge, {
      email: "callum2@clinic.test",
      role: "clinical_project_admin",
    });
    const uploaded = (
      await uploadImage(t, callum.token, multipartFile({ fileName: "a.png", contentType: "image/png", data: png }))
    ).json();
    const url = `/api/v1/admin/projects/${programId}`;
    expect((await t.request({ method: "PATCH", url, token: callum.token, payload: uploaded })).statusCode).toBe(200);
    expect((await t.request({ method: "GET", url, token: callum.token })).json().imageUrl).toBe(uploaded.imageUrl);

    const remove = (token: string | undefined, id = programId) =>
      t.request({ method: "DELETE", url: `/api/v1/admin/projects/${id}/image`, ...(token ? { token } : {}) });
    expect((await remove(undefined)).statusCode).toBe(401);
    expect((await remove(callum.token, other)).statusCode).toBe(404);
    await changePermissions(t, callum.id, { revoke: ["upload_image", "upload_project_image"] });
    expect((await remove(callum.token)).statusCode).toBe(403);
    expect((await t.request({ method: "GET", url, token: callum.token })).json().imageUrl).toBe(uploaded.imageUrl);
    await changePermissions(t, callum.id, { grant: ["upload_project_image"] });
    expect((await remove(callum.token)).statusCode).toBe(204);
    expect((await t.request({ method: "GET", url, token: callum.token })).json()).toMatchObject({
      imageUrl: null,
      thumbnailUrl: null,
    });
    const audit = await t.ctx.db
      .selectFrom("auditLog")
      .select("action")
      .where("entityId", "=", programId)
      .where("action", "=", "program.image.remove")
      .execute();
    expect(audit).toHaveLength(1);
  });
});
