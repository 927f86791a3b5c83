import { type ChildProcess, spawn } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './net.ts';
import { OPEN_DEADLINES_ENV } from './open-deadlines.ts';

/** The checkout's root: the real server and scripts run from here, as in production. */
const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url));

export interface HttpAnswer {
  status: number;
  body: Buffer;
  json<T = Record<string, unknown>>(): T;
}

interface RequestOptions {
  token?: string;
  /** Sent as JSON. */
  json?: unknown;
  /** A ready body, e.g. from multipart(). */
  payload?: Buffer;
  headers?: Record<string, string>;
}

/**
 * One HTTP request on its own connection (no keep-alive pool), so a server that was killed
 * and restarted on the same port is never reached through a dead pooled socket.
 */
export function httpRequest(
  baseUrl: string,
  method: string,
  path: string,
  options: RequestOptions = {},
): Promise<HttpAnswer> {
  const body = options.json !== undefined ? Buffer.from(JSON.stringify(options.json)) : options.payload;
  const headers: Record<string, string> = { ...options.headers };
  if (options.json !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (body) headers['content-length'] = String(body.length);
  return new Promise((resolve, reject) => {
    const request = http.request(`${baseUrl}${path}`, { method, headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const received = Buffer.concat(chunks);
        resolve({
          status: response.statusCode ?? 0,
          body: received,
          json: <T>() => JSON.parse(received.toString('utf8')) as T,
        });
      });
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(body);
  });
}

export interface ServerProcess {
  child: ChildProcess;
  baseUrl: string;
  /** Everything the server wrote to stdout and stderr so far. */
  output(): string;
  /** Waits until the process has exited; its exit code, or the signal that ended it. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * Starts `src/server/main.ts` in a child process with this environment, as `npm start` would;
 * its deadlines are far off unless the environment names them.
 */
export function spawnServer(env: NodeJS.ProcessEnv, port: number): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: REPO_ROOT,
    env: { ...OPEN_DEADLINES_ENV, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, baseUrl: `http://127.0.0.1:${port}/ictacem2025`, output: () => output, exited };
}

/** The signed-in organiser of processes made by serverOnDatabaseEnv (two-factor off). */
export const PROCESS_ADMIN = { email: 'chief@example.org', password: 'organiser-password' };

/**
 * The environment of a server process on this PostgreSQL database and data directory, on a
 * free port, with PROCESS_ADMIN as its admin and no built client; the suite's own database and
 * mail server are not passed on.
 */
export async function serverOnDatabaseEnv(databaseUrl: string, dataDir: string): Promise<NodeJS.ProcessEnv> {
  const { DATABASE_URL: _suiteDatabase, SMTP_URL: _smtp, ...inherited } = process.env;
  return {
    ...inherited,
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    PORT: String(await freePort()),
    HOST: '127.0.0.1',
    ADMIN_EMAIL: PROCESS_ADMIN.email,
    ADMIN_PASSWORD: PROCESS_ADMIN.password,
    ADMIN_MFA_REQUIRED: 'false',
    LOG_LEVEL: 'warn',
    CLIENT_DIR: path.join(dataDir, 'no-client'),
  };
}

/** Kills whichever of these servers still runs (a test's cleanup, also after a failure). */
export async function killServers(servers: readonly (ServerProcess | undefined)[]): Promise<void> {
  for (const server of servers) {
    if (!server || server.child.exitCode !== null || server.child.signalCode !== null) continue;
    server.child.kill('SIGKILL');
    await server.exited;
  }
}

/** Polls the health route until the server answers 200; fails with its output if it dies or takes too long. */
export async function waitUntilServing(server: ServerProcess, timeoutMs = 60_000): Promise<void> {
  let exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  void server.exited.then((e) => (exit = e));
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exit) throw new Error(`server exited (${exit.code ?? exit.signal}) before serving:\n${server.output()}`);
    const answer = await httpRequest(server.baseUrl, 'GET', '/api/health').catch(() => null);
    if (answer?.status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server did not serve within ${timeoutMs} ms:\n${server.output()}`);
}

/** Runs an npm script's TypeScript entry (e.g. scripts/check-integrity.ts) to completion. */
export function runScript(
  script: string,
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stdout, stderr })));
}
