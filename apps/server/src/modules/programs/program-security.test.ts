import { messages } from "@openpro/core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fieldErrors } from "../../../test/factories.js";
import { uploadImage } from "../../../test/program-images.js";
import {
  addToProgram,
  insertOrganisation,
  insertProgram,
  multipartFile,
  organisationStaff,
  staffSession,
  uniqueMailDomain,
} from "../../../test/teams.js";
import { createTestApp, type TestApp } from "../../../test/test-app.js";

describe("program settings: only stored images, no metadata, and admin fields stay with admins", () => {
  let t: TestApp;
  let programs = 0;

  const upload = (token: string, data: Buffer, fileName = "photo.jpg", contentType = "image/jpeg") =>
    uploadImage(t, token, multipartFile({ fileName, contentType, data }));

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /**
   * Each story's world: a hospital of its own ("Northbridge Health 3") running "Northbridge Heart 3"
   * (UK and Ireland, no end date), its clinical program admin Callum (in the hospital and the
   * program), a superadmin Ada, and a 400×300 banner Callum uploaded (`stored`, not yet the program's).
   */
  const heartWithCallum = async () => {
    const n = ++programs;
    const domain = uniqueMailDomain();
    const northbridge = await insertOrganisation(t, `Northbridge Health ${n}`);
    const heart = await insertProgram(t, {
      organisationId: northbridge,
      name: `Northbridge Heart ${n}`,
      territory: "UK_IRE",
    });
    const admin = (await staffSession(t, { email: `ada@${domain}`, role: "superadmin" })).token;
    const callum = await organisationStaff(t, northbridge, {
      email: `callum@${domain}`,
      role: "clinical_project_admin",
    });
    await addToProgram(t, callum.id, heart, "clinical_project_admin");
    const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: "#0b5cad" } })
      .png()
      .toBuffer();
    const stored: { imageUrl: string; thumbnailUrl: string } = (
      await upload(callum.token, png, "banner.png", "image/png")
    ).json();
    return {
      northbridge,
      heart,
      admin,
      callum,
      stored,
      patch: (token: string, payload: object) =>
        t.request({ method: "PATCH", url: `/api/v1/admin/projects/${heart}`, token, payload }),
    };
  };

  it("strips EXIF (and any GPS position) from an uploaded JPEG before serving it", async () => {
    const { callum } = await heartWithCallum();
    const withExif = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#ffcc00" } })
      .jpeg()
      .withMetadata({
        exif: {
          IFD0: { Copyright: "x", Artist: "Dr Secret" },
          IFD3: { GPSLatitudeRef: "N", GPSLatitude: "51/1 30/1 0/1" },
        },
      })
      .toBuffer();
    expect((await sharp(withExif).metadata()).exif).toBeDefined();

    const response = await upload(callum.token, withExif);
    expect(response.statusCode).toBe(201);
    for (const url of [response.json().imageUrl, response.json().thumbnailUrl]) {
      const served = await t.request({ method: "GET", url });
      expect(served.statusCode).toBe(200);
      const meta = await sharp(served.rawPayload).metadata();
      expect(meta.format).toBe("jpeg");
      expect(meta.exif, url).toBeUndefined();
      expect(meta.xmp, url).toBeUndefined();
      expect(served.rawPayload.includes(Buffer.from("Dr Secret"))).toBe(false);
    }
  });

  it("accepts as the program image only an image this server stored", async () => {
    const { northbridge, admin, callum, stored, patch } = await heartWithCallum();
    for (const imageUrl of [
      "https://tracker.example/pixel.png",
      "//tracker.example/pixel.png",
      "javascript:alert(1)",
      "/api/v1/images/00000000-0000-4000-8000-000000000000",
      `${stored.imageUrl}/../../users`,
      `${stored.imageUrl}?x=1`,
    ]) {
      const response = await patch(callum.token, { imageUrl });
      expect(response.statusCode, imageUrl).toBe(422);
      expect(fieldErrors(response)).toEqual([{ field: "imageUrl", message: messages.imageNotStored }]);
    }
    const badThumbnail = await patch(callum.token, { thumbnailUrl: "https://tracker.example/t.png" });
    expect(fieldErrors(badThumbnail)).toEqual([{ field: "thumbnailUrl", message: messages.imageNotStored }]);

    const created = await t.request({
      method: "POST",
      url: "/api/v1/admin/projects",
      token: admin,
      payload: {
        name: "Tracked",
        territory: "UK_IRE",
        startDate: "2026-03-01",
        organisationId: northbridge,
        imageUrl: "https://tracker.example/pixel.png",
      },
    });
    expect(created.statusCode).toBe(422);
    expect(fieldErrors(created)[0]?.field).toBe("imageUrl");

    const ok = await patch(callum.token, stored);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject(stored);
    const cleared = await patch(callum.token, { imageUrl: "", thumbnailUrl: "" });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().imageUrl).toBeNull();
  });

  it("lets edit_project change the settings, but not the territory, organisation or end date (an admin's)", async () => {
    const { northbridge, heart, admin, callum, patch } = await heartWithCallum();
    for (const [field, value] of [
      ["territory", "US"],
      ["endDate", "2026-04-01"],
      ["organisationId", await insertOrganisation(t, "Elsewhere")],
    ] as const) {
      const response = await patch(callum.token, { [field]: value });
      expect(response.statusCode, field).toBe(403);
      expect(fieldErrors(response)).toEqual([{ field, message: messages.adminOnlyField }]);
    }
    const program = await t.ctx.db
      .selectFrom("programs")
      .select(["territory", "endDate", "organisationId"])
      .where("id", "=", heart)
      .executeTakeFirstOrThrow();
    expect(program).toEqual({ territory: "UK_IRE", endDate: null, organisationId: northbridge });

    // Sending what is already there (a whole form) is not a change.
    const same = await patch(callum.token, { territory: "UK_IRE", description: "Hearts" });
    expect(same.statusCode).toBe(200);
    // An admin sets them.
    const byAdmin = await patch(admin, { territory: "US", endDate: "2026-12-31" });
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json()).toMatchObject({ territory: "US", endDate: "2026-12-31" });
  });
});
