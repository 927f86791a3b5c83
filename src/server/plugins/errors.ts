import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable, isUnstorableText } from '../db/client.ts';
import { AppError } from '../lib/app-error.ts';
import { StorageUnavailableError } from '../storage/file-store.ts';

export const MALFORMED_BODY = 'The request body is not valid JSON.';
export const BODY_TOO_LARGE = 'The request is too large.';
export const UNSTORABLE_TEXT = 'The request contains a character that cannot be saved.';
export const INTERNAL_ERROR = 'Something went wrong on our side. Please try again.';
export const BAD_URL = 'This address is not valid.';
export const SERVICE_UNAVAILABLE = 'The service is temporarily unavailable. Please try again in a moment.';
export const FILE_STORAGE_UNAVAILABLE =
  'File storage is temporarily unavailable, so files cannot be uploaded or opened. Please try again in a moment.';
/** Seconds a client is asked to wait before retrying when the database is unreachable. */
const RETRY_AFTER_SECONDS = 10;

function statusOf(error: FastifyError): number {
  const status = error.statusCode ?? 500;
  return status >= 400 && status < 600 ? status : 500;
}

/** One mapping from errors to `{ success: false, message }`; 5xx details never leave the server. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      const body = error.reason
        ? { success: false, message: error.message, reason: error.reason }
        : { success: false, message: error.message };
      return reply.status(error.statusCode).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      // A malformed id in the path names nothing that exists.
      const status = error.validationContext === 'params' ? 404 : 400;
      return reply.status(status).send({ success: false, message: first?.message ?? 'Invalid request.' });
    }
    const status = statusOf(error);
    if (status === 429) {
      return reply.status(429).send({ success: false, message: error.message });
    }
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
      return reply.status(400).send({ success: false, message: MALFORMED_BODY });
    }
    if (status === 413) {
      return reply.status(413).send({ success: false, message: BODY_TOO_LARGE });
    }
    if (status < 500) {
      return reply.status(status).send({ success: false, message: error.message || 'Invalid request.' });
    }
    if (isUnstorableText(error)) {
      return reply.status(400).send({ success: false, message: UNSTORABLE_TEXT });
    }
    // Before the database check: the storage's own socket errors are among its causes.
    if (error instanceof StorageUnavailableError) {
      // Nothing was stored: a put either completes or leaves no object (storage/file-store.ts).
      request.log.warn({ err: error }, 'file storage unavailable');
      return reply
        .status(503)
        .header('Retry-After', String(RETRY_AFTER_SECONDS))
        .send({ success: false, message: FILE_STORAGE_UNAVAILABLE });
    }
    if (isDatabaseUnavailable(error)) {
      // Never a success: a write whose transaction could not reach the database is reported as failed.
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .status(503)
        .header('Retry-After', String(RETRY_AFTER_SECONDS))
        .send({ success: false, message: SERVICE_UNAVAILABLE });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ success: false, message: INTERNAL_ERROR });
  });
}

/**
 * Errors Fastify raises before routing, e.g. a URL whose percent-encoding does not decode. No
 * hook has run for them, so the security headers are applied here, the same as everywhere.
 */
export function frameworkErrorHandler(securityHeaders: Record<string, string>) {
  return (_error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void => {
    void reply
      .status(400)
      .headers(securityHeaders)
      .header('Cache-Control', 'no-store')
      .send({ success: false, message: BAD_URL });
  };
}
