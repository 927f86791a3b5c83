import type { FastifyInstance } from 'fastify';
import type { Role } from '../../shared/constants.ts';
import type { PublicUser } from '../../shared/schemas/user.ts';
import { createSession } from '../modules/auth/session.service.ts';
import { presentUser } from '../modules/users/user.presenter.ts';
import { createUser } from '../modules/users/users.service.ts';
import { multipart, pdfBytes } from './multipart.ts';
import { uniqueEmail } from './test-app.ts';

export interface TestUser {
  user: PublicUser;
  email: string;
  password: string;
  /** Session token, usable as a Bearer token or as the cookie value. */
  token: string;
  cookie: string;
}

export async function createTestUser(app: FastifyInstance, options: { role?: Role; password?: string } = {}): Promise<TestUser> {
  const email = uniqueEmail(options.role ?? 'author');
  const password = options.password ?? 'correct horse battery';
  const row = await createUser(app.ctx, { username: `Test ${options.role ?? 'author'}`, email, password, role: options.role });
  const { token } = await createSession(app.ctx, row.id);
  return { user: presentUser(row), email, password, token, cookie: `ictacem_session=${token}` };
}

export const SAMPLE_AUTHORS = [
  { name: 'Ada Lovelace', affiliation: 'Analytical Engines Ltd', address: '12 St James Square, London' },
  { name: 'Sophie Germain', affiliation: 'Institut de France', address: 'Quai de Conti, Paris' },
];

/** The text fields of a valid submission; the ICTACEM ID is left out, so the server uses the author's own. */
export function submissionFields(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    title: 'Vortex shedding behind a heated cylinder',
    theme: 'Aerodynamics and Fluid Mechanics',
    modeOfPresentation: 'Oral',
    authors: JSON.stringify(SAMPLE_AUTHORS),
    ...overrides,
  };
}

/** Submits a paper through the real route and returns its id and ICTACEM ID. */
export async function createTestPaper(app: FastifyInstance, author: TestUser, fields: Record<string, string> = {}) {
  const body = multipart(submissionFields(fields), [{ field: 'paperPdf', name: 'abstract.pdf', content: pdfBytes() }]);
  const res = await app.inject({
    method: 'POST',
    url: '/ictacem2025/api/papers/submit',
    headers: { ...body.headers, cookie: author.cookie },
    payload: body.payload,
  });
  if (res.statusCode !== 201) throw new Error(`paper submission failed: ${res.statusCode} ${res.body}`);
  return res.json().paper as { _id: string; ictacemId: string; title: string };
}

/** Asks the server for a sign-in challenge and answers it, as the sign-in form does. */
export async function solvedChallenge(app: FastifyInstance, remoteAddress: string): Promise<{ id: string; answer: number }> {
  const { challengeId, a, b } = (await app.inject({ method: 'GET', url: '/ictacem2025/api/auth/captcha', remoteAddress })).json();
  return { id: challengeId, answer: a + b };
}
