import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { BackgroundJob } from '@shared/schemas/background-jobs.ts';
import { API } from './test-app.ts';

/**
 * Queues a background job as the signed-in organiser (202), polls it until it ends (30 s at most)
 * and expects it done; the job as `GET /admin/jobs/:id` last answered, with its download.
 */
export async function runJobToDone(
  app: FastifyInstance,
  cookie: string,
  body: { kind: string },
): Promise<BackgroundJob & { downloadPath: string }> {
  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    app.inject({ method, url: `${API}${url}`, headers: { cookie }, payload });
  const queued = await call('POST', '/admin/jobs', body);
  expect(queued.statusCode, queued.body).toBe(202);
  let job: BackgroundJob = queued.json().job;
  for (let i = 0; i < 600 && job.status !== 'done' && job.status !== 'failed'; i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    job = (await call('GET', `/admin/jobs/${job._id}`)).json().job;
  }
  expect(job.status, job.error ?? undefined).toBe('done');
  return { ...job, downloadPath: job.downloadPath! };
}
