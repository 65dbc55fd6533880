import { z } from "zod";

export type HttpMethod = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";

/** One row of the endpoint table: the contract shared by the server routes and the web client. */
export interface Endpoint<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  /** Full path, with `:name` for path parameters, exactly as the specification gives it. */
  path: string;
  summary: string;
  tags: string[];
  /** false: reachable without a session. "pending": also while a sign-in still needs its code or a new password. */
  auth: boolean | "pending";
  params?: P;
  query?: Q;
  body?: B;
  response: R;
  /** The status of a successful answer (200 unless stated). */
  status?: number;
}

export const endpoint = <P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, R extends z.ZodType>(
  e: Endpoint<P, Q, B, R>,
) => e;

export const errorBodySchema = z.object({
  statusCode: z.number(),
  message: z.string(),
  errorCode: z.string().optional(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
  maintenanceUntil: z.string().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const messageResponse = z.object({ message: z.string() });
export const emptyResponse = z.null();

export const pageQuery = (defaultPerPage: number) =>
  z.object({
    _page: z.coerce.number().int().min(1).default(1),
    _perPage: z.coerce.number().int().min(1).max(500).default(defaultPerPage),
  });

export const paged = <T extends z.ZodType>(item: T) =>
  z.object({ results: z.array(item), totalCount: z.number().int() });

// In a zod-free module of its own, so that the light patient-side client fills paths the same way.
export { buildPath } from "./paths.js";
