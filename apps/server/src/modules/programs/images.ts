import type { MultipartFile } from "@fastify/multipart";
import { limits, messages } from "@openpro/core";
import sharp from "sharp";
import { writeAudit } from "../../platform/audit/audit.js";
import type { Actor } from "../../platform/auth/actor.js";
import type { AppContext, RequestMeta } from "../../platform/context.js";
import { invalidField, notFound } from "../../platform/errors.js";
import { findImage, insertImage } from "./queries.js";

const THUMBNAIL = { width: 320, height: 180 };

/** Checks the spec's four rules, then the bytes themselves (a renamed file is not an image). */
export const uploadProgramImage = async (
  ctx: AppContext,
  meta: RequestMeta,
  actor: Actor,
  file: MultipartFile | undefined,
) => {
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
  const thumbnail = await sharp(buffer)
    .rotate()
    .resize(THUMBNAIL.width, THUMBNAIL.height, { fit: "cover" })
    .toFormat(metadata.format)
    .toBuffer();
  const id = await insertImage(ctx.db, {
    fileName: file.filename,
    contentType: `image/${metadata.format}`,
    image: buffer,
    thumbnail,
    uploadedBy: actor.userId,
    now: ctx.clock.now(),
  });
  await writeAudit(ctx.db, ctx.clock, meta, {
    action: "image.upload",
    outcome: "success",
    actorUserId: actor.userId,
    entityType: "image",
    entityId: id,
  });
  return { imageUrl: `/api/v1/images/${id}`, thumbnailUrl: `/api/v1/images/${id}/thumbnail` };
};

export const readImage = async (ctx: AppContext, id: string, variant: "image" | "thumbnail") => {
  const image = await findImage(ctx.db, id);
  if (!image) throw notFound();
  return { contentType: image.contentType, body: variant === "image" ? image.image : image.thumbnail };
};
