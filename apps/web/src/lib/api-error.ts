export interface FieldError {
  field: string;
  message: string;
}

/** A non-2xx answer (or no answer at all: status undefined). */
export class ApiError extends Error {
  readonly status: number | undefined;
  readonly errorCode: string | undefined;
  readonly fieldErrors: FieldError[];
  readonly maintenanceUntil: string | undefined;
  /** The raw error body, when the server sent one. */
  readonly body: unknown;

  constructor(init: {
    status?: number;
    message: string;
    errorCode?: string;
    fieldErrors?: FieldError[];
    maintenanceUntil?: string;
    body?: unknown;
  }) {
    super(init.message);
    this.name = "ApiError";
    this.status = init.status;
    this.errorCode = init.errorCode;
    this.fieldErrors = init.fieldErrors ?? [];
    this.maintenanceUntil = init.maintenanceUntil;
    this.body = init.body;
  }
}
