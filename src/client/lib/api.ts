import type { z } from 'zod';
import { currentConference } from '@shared/conference.ts';

/**
 * Where the API is: under the base path the page was served with (the conference's, written into
 * the page), not one fixed at build time. The one way the client talks to the server:
 * same-origin, cookie session, JSON envelopes.
 */
export function apiBase(): string {
  return `${currentConference().basePath}/api`;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The server's own message, when it sent one; callers fall back to the spec's texts. */
    readonly serverMessage?: string,
    /** The server's machine-readable reason, e.g. `two_factor_required`. */
    readonly reason?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What a route answers, read from the response schema the server declares for it (src/shared/schemas). */
export type ResponseOf<Schema extends z.ZodType> = z.output<Schema>;

export async function api<T>(path: string, options: { method?: Method; body?: unknown } = {}): Promise<T> {
  const { method = 'GET', body } = options;
  return send<T>(path, {
    method,
    headers: body === undefined ? undefined : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/**
 * POSTs multipart form data (file uploads). The browser sets the Content-Type with its
 * multipart boundary, so none is given here.
 */
export async function upload<T>(path: string, formData: FormData): Promise<T> {
  return send<T>(path, { method: 'POST', body: formData });
}

async function send<T>(path: string, init: RequestInit): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`${apiBase()}${path}`, { ...init, credentials: 'same-origin' });
  } catch {
    throw new ApiError(0, 'Network error. Please check your connection and try again.');
  }
  const payload = (await response.json().catch(() => undefined)) as { message?: unknown; reason?: unknown } | undefined;
  if (!response.ok) {
    const serverMessage = typeof payload?.message === 'string' ? payload.message : undefined;
    const reason = typeof payload?.reason === 'string' ? payload.reason : undefined;
    throw new ApiError(response.status, serverMessage ?? `Request failed (${response.status})`, serverMessage, reason);
  }
  return payload as T;
}

/**
 * A file the server makes from a JSON request (an export of selected rows), as a Blob; failures
 * become an ApiError as for `api`.
 */
export async function apiFile(path: string, body: unknown): Promise<Blob> {
  let response: Response;
  try {
    response = await fetch(`${apiBase()}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(0, 'Network error. Please check your connection and try again.');
  }
  if (!response.ok) {
    const payload = (await response.json().catch(() => undefined)) as { message?: unknown } | undefined;
    const serverMessage = typeof payload?.message === 'string' ? payload.message : undefined;
    throw new ApiError(response.status, serverMessage ?? `Request failed (${response.status})`, serverMessage);
  }
  return response.blob();
}

/** The server's message when it gave one, else the spec's fallback text for that call. */
export function errorText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
}
