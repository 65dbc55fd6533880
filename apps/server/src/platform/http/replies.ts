import type { FastifyReply } from "fastify";

/**
 * A page of a list as every list answers it: `{ results, totalCount }`, the total in
 * X-Total-Count as well (the clients page by it).
 */
export const withTotalCount = <P extends { totalCount: number }>(reply: FastifyReply, page: P): P => {
  reply.header("X-Total-Count", String(page.totalCount));
  return page;
};

/** The answer is a file to save under `fileName`, of `contentType`; the caller sends its bytes. */
export const asDownload = (reply: FastifyReply, file: { contentType: string; fileName: string }) =>
  reply.type(file.contentType).header("Content-Disposition", `attachment; filename="${file.fileName}"`);
