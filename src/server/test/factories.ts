import type { FastifyInstance } from 'fastify';
import type { Role } from '../../shared/constants.ts';
import type { PublicUser } from '../../shared/schemas/user.ts';
import { createSession } from '../modules/auth/session.service.ts';
import { presentUser } from '../modules/users/user.presenter.ts';
import { createUser } from '../modules/users/users.service.ts';
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
