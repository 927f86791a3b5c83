import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

/** The SQL texts a request issues, recorded at the driver (both drivers take the text first or as `text`). */
export function recordingQueries(app: FastifyInstance) {
  const client = (app.ctx.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
  const original = client.query;
  let recorded: string[] | null = null;
  client.query = function (this: unknown, ...args: unknown[]) {
    const [first] = args;
    recorded?.push(typeof first === 'string' ? first : String((first as { text?: string }).text));
    return original.apply(this, args);
  };
  return {
    async during(request: () => Promise<{ statusCode: number }>): Promise<string[]> {
      // Twice first: both sides memoise totals and figures by data version, as in the benchmark.
      for (let i = 0; i < 2; i += 1) expect((await request()).statusCode).toBe(200);
      recorded = [];
      expect((await request()).statusCode).toBe(200);
      const texts = recorded.sort();
      recorded = null;
      return texts;
    },
    restore: () => (client.query = original),
  };
}
