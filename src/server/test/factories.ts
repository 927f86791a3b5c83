import type { FastifyInstance } from 'fastify';
import type { Role } from '@shared/constants.ts';
import type { PublicUser } from '@shared/schemas/user.ts';
import { Secret, TOTP } from 'otpauth';
import { createSession } from '../modules/sessions/sessions.service.ts';
import { giveTotpSecret } from '../modules/two-factor/two-factor.service.ts';
import { findUserById } from '../modules/users/users.repository.ts';
import { presentUser } from '../modules/users/user.presenter.ts';
import { createUser } from '../modules/users/users.service.ts';
import { committeeMembers } from '../db/schema/index.ts';
import { multipart, pdfBytes } from './multipart.ts';
import { uniqueEmail } from './test-app.ts';

export interface TestUser {
  user: PublicUser;
  email: string;
  password: string;
  /** Session token, usable as a Bearer token or as the cookie value. */
  token: string;
  cookie: string;
  /** The authenticator secret, when the user signs in with two factors (admins by default). */
  totpSecret?: string;
}

/** A fixed test secret: admins made by the factory sign in with codes computed from it. */
export const TEST_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

/** Per account: the last step a code was made for. */
const lastStepUsed = new Map<string, number>();

/**
 * A code the server has not seen yet for this account: each code is accepted once, and the
 * server accepts one step either side, so up to three sign-ins fit in one 30-second step; a
 * further one waits for the next step.
 */
export async function freshTotpCode(account: string, secret = TEST_TOTP_SECRET): Promise<string> {
  for (;;) {
    const nowMs = Date.now();
    const now = TOTP.counter({ period: 30, timestamp: nowMs });
    // The server also accepts the step just past, unless it is about to fall out of its window.
    const earliest = nowMs % 30_000 < 25_000 ? now - 1 : now;
    const step = Math.max(earliest, (lastStepUsed.get(account) ?? -1) + 1);
    if (step <= now + 1) {
      lastStepUsed.set(account, step);
      return new TOTP({ secret: Secret.fromBase32(secret), period: 30 }).generate({ timestamp: step * 30_000 });
    }
    // Every code near now is spent: the next step brings a new one.
    await new Promise((resolve) => setTimeout(resolve, 30_000 - (nowMs % 30_000) + 50));
  }
}

/** An admin gets two-factor sign-in (TEST_TOTP_SECRET) unless `twoFactor: false` asks for one still to enrol. */
export async function createTestUser(
  app: FastifyInstance,
  options: { role?: Role; password?: string; twoFactor?: boolean; email?: string; username?: string } = {},
): Promise<TestUser> {
  const email = options.email ?? uniqueEmail(options.role ?? 'author');
  const password = options.password ?? 'correct horse battery';
  let row = await createUser(app.ctx, {
    username: options.username ?? `Test ${options.role ?? 'author'}`,
    email,
    password,
    role: options.role,
  });
  const twoFactor = options.twoFactor ?? row.role === 'admin';
  if (twoFactor) {
    await giveTotpSecret(app.ctx.db, row, TEST_TOTP_SECRET);
    row = (await findUserById(app.ctx.db, row.id))!;
  }
  const { token } = await createSession(app.ctx, row.id);
  const totpSecret = twoFactor ? TEST_TOTP_SECRET : undefined;
  return { user: presentUser(row), email, password, token, cookie: `ictacem_session=${token}`, totpSecret };
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
export async function createTestPaper(
  app: FastifyInstance,
  author: TestUser,
  fields: Record<string, string> = {},
  abstract: Buffer = pdfBytes(),
) {
  const body = multipart(submissionFields(fields), [{ field: 'paperPdf', name: 'abstract.pdf', content: abstract }]);
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
export async function solvedChallenge(
  app: FastifyInstance,
  remoteAddress: string,
): Promise<{ id: string; answer: number }> {
  const { challengeId, a, b } = (
    await app.inject({ method: 'GET', url: '/ictacem2025/api/auth/captcha', remoteAddress })
  ).json();
  return { id: challengeId, answer: a + b };
}

export interface TestMember {
  account: TestUser;
  memberId: string;
}

/** An account that accepted its committee invitation (as if by the link), with its themes and maximum. */
export async function createTestMember(
  app: FastifyInstance,
  options: { name: string; themes?: string[]; maxPapers?: number; affiliation?: string },
): Promise<TestMember> {
  const account = await createTestUser(app, { username: options.name });
  const [row] = await app.ctx.db
    .insert(committeeMembers)
    .values({
      name: options.name,
      email: account.email,
      affiliation: options.affiliation ?? '',
      themes: options.themes ?? ['Aerodynamics and Fluid Mechanics'],
      maxPapers: options.maxPapers ?? 5,
      status: 'accepted',
      userId: account.user._id,
    })
    .returning({ id: committeeMembers.id });
  return { account, memberId: row!.id };
}
