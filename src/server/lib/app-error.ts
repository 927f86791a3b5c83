import type { ErrorReason } from '@shared/schemas/responses.ts';

export const ERROR_STATUS = {
  bad_request: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  rate_limited: 429,
  unavailable: 503,
  insufficient_storage: 507,
} as const;

export type AppErrorCode = keyof typeof ERROR_STATUS;

/** What a client can act on beyond the message (the shared list, so the API reference names them). */
export type AppErrorReason = ErrorReason;

/** An expected failure whose message is safe to show to the caller. */
export class AppError extends Error {
  constructor(
    readonly code: AppErrorCode,
    message: string,
    readonly reason?: AppErrorReason,
  ) {
    super(message);
    this.name = 'AppError';
  }

  get statusCode(): number {
    return ERROR_STATUS[this.code];
  }
}
