import type { Db } from "../../db/kysely.js";

export interface NewMail {
  toAddress: string;
  subject: string;
  textBody: string;
  htmlBody: string;
  category: string;
}

export const insertMail = async (db: Db, mail: NewMail, now: Date): Promise<string> => {
  const row = await db
    .insertInto("mails")
    .values({ ...mail, status: "queued", createdAt: now, sentAt: null, lastError: null })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
};

/** Several mails in one multi-row INSERT; their ids in the order given. */
export const insertMails = async (db: Db, mails: readonly NewMail[], now: Date): Promise<string[]> => {
  if (mails.length === 0) return [];
  const rows = await db
    .insertInto("mails")
    .values(
      mails.map((mail) => ({ ...mail, status: "queued" as const, createdAt: now, sentAt: null, lastError: null })),
    )
    .returning("id")
    .execute();
  return rows.map((r) => r.id);
};

export const findMail = (db: Db, id: string) =>
  db.selectFrom("mails").selectAll().where("id", "=", id).executeTakeFirst();

export const markMail = async (
  db: Db,
  id: string,
  status: "sent" | "failed" | "stored",
  now: Date,
  error: string | null = null,
  options: { redactBody?: boolean } = {},
): Promise<void> => {
  await db
    .updateTable("mails")
    .set({
      status,
      sentAt: status === "failed" ? null : now,
      lastError: error,
      ...(options.redactBody ? { textBody: REDACTED_MAIL_BODY, htmlBody: REDACTED_MAIL_BODY } : {}),
    })
    .where("id", "=", id)
    .execute();
};

/** What the outbox keeps of a mail that went out by SMTP: recipient, subject, category, times, status. */
export const REDACTED_MAIL_BODY = "[Body removed after delivery: it may have held a one-time code or link.]";

export const findMailPage = async (db: Db, page: number, perPage: number, to?: string) => {
  let base = db.selectFrom("mails");
  if (to) base = base.where("toAddress", "ilike", `%${to.replace(/[\\%_]/g, "\\$&")}%`);
  const [rows, count] = await Promise.all([
    base
      .select(["id", "toAddress", "subject", "textBody", "status", "createdAt", "sentAt"])
      .orderBy("createdAt", "desc")
      .orderBy("seq", "desc")
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow(),
  ]);
  return { rows, totalCount: Number(count.count) };
};
