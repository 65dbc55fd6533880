import type { MultipartFile } from "@fastify/multipart";
import { limits, messages } from "@openpro/core";
import sharp from "sharp";
import type { AppContext } from "../../platform/context.js";
import { forbidden, invalidField, notFound } from "../../platform/errors.js";
import type { RequestScope } from "../../platform/request-scope.js";
import { findImage, imageExists, insertImage } from "./queries.js";

const THUMBNAIL = { width: 320, height: 180 };

/**
 * Either upload permission will do (the general one or the program one). Then checks the spec's
 * four rules, then the bytes themselves (a renamed file is not an image).
 */
export const uploadProgramImage = async (scope: RequestScope, file: () => Promise<MultipartFile | undefined>) => {
  const { actor } = scope;
  if (!actor.permissions.includes("upload_image") && !actor.permissions.includes("upload_project_image"))
    throw forbidden();
  return storeImage(scope, await file());
};

const storeImage = async (scope: RequestScope, file: MultipartFile | undefined) => {
  const { ctx, actor } = scope;
  if (!file) throw invalidField("file", messages.imageMissing);
  if (!(limits.image.types as readonly string[]).includes(file.mimetype))
    throw invalidField("file", messages.imageUnsupported);
  if (file.filename.length > limits.image.maxFileNameLength) throw invalidField("file", messages.imageNameTooLong);
  const buffer = await file.toBuffer().catch(() => null);
  if (!buffer || file.file.truncated || buffer.length > limits.image.maxBytes)
    throw invalidField("file", messages.imageTooLarge);
  if (buffer.length === 0) throw invalidField("file", messages.imageMissing);
  const metadata = await sharp(buffer)
    .metadata()
    .catch(() => null);
  if (!metadata || (metadata.format !== "png" && metadata.format !== "jpeg"))
    throw invalidField("file", messages.imageUnsupported);
  // Re-encoded, upright, without the metadata a camera or phone writes (EXIF, GPS position, XMP):
  // sharp keeps none unless asked to (withMetadata), and the original bytes are not stored.
  const image = await sharp(buffer).rotate().toFormat(metadata.format).toBuffer();
  const thumbnail = await sharp(buffer)
    .rotate()
    .resize(THUMBNAIL.width, THUMBNAIL.height, { fit: "cover" })
    .toFormat(metadata.format)
    .toBuffer();
  const id = await ctx.db.transaction().execute(async (trx) => {
    const imageId = await insertImage(trx, {
      fileName: file.filename,
      contentType: `image/${metadata.format}`,
      image,
      thumbnail,
      uploadedBy: actor.userId,
      now: ctx.clock.now(),
    });
    await scope.audit({ action: "image.upload", entityType: "image", entityId: imageId }, trx);
    return imageId;
  });
  return { imageUrl: `/api/v1/images/${id}`, thumbnailUrl: `/api/v1/images/${id}/thumbnail` };
};

export const readImage = async (ctx: AppContext, id: string, variant: "image" | "thumbnail") => {
  const image = await findImage(ctx.db, id);
  if (!image) throw notFound();
  return { contentType: image.contentType, body: variant === "image" ? image.image : image.thumbnail };
};

const STORED_IMAGE =
  /^\/api\/v1\/images\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(\/thumbnail)?$/;

/**
 * A program shows only images this server stored (what the upload answered): no address elsewhere,
 * which would let a program page load a third party's content or track who opens it. Empty clears.
 */
export const assertStoredImageUrls = async (
  ctx: AppContext,
  body: { imageUrl?: string | undefined; thumbnailUrl?: string | undefined },
) => {
  for (const field of ["imageUrl", "thumbnailUrl"] as const) {
    const value = body[field];
    if (!value) continue;
    const match = STORED_IMAGE.exec(value);
    const thumbnail = field === "thumbnailUrl";
    if (!match || !!match[2] !== thumbnail || !(await imageExists(ctx.db, match[1]!)))
      throw invalidField(field, messages.imageNotStored);
  }
};
