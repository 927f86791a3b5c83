import Fastify from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerErrorHandler } from '../plugins/errors.ts';
import { responseSerializerCompiler } from './response-serializer.ts';

/** A bare server answering `answer` through a route whose 200 is `schema`. */
async function serverAnswering(schema: z.ZodType, answer: unknown) {
  const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  registerErrorHandler(app);
  app.get('/answer', { schema: { response: { 200: schema } } }, async () => answer as never);
  await app.ready();
  return app;
}

const reviewer = z.object({ _id: z.string(), username: z.string() });
const paper = z.object({
  title: z.string().min(1),
  status: z.enum(['review_awaited', 'abstract_accepted']),
  reviewer: reviewer.nullable(),
  authors: z.array(z.object({ name: z.string(), email: z.email().optional() })),
});

describe('responseSerializerCompiler', () => {
  it('sends only what the schema names, at every depth', async () => {
    const app = await serverAnswering(paper, {
      title: 'Nghiên cứu dòng chảy rối — Łódź',
      status: 'abstract_accepted',
      reviewer: { _id: 'r1', username: 'Иван Петров', email: 'hidden@reviewers.org', passwordHash: 'x' },
      authors: [{ name: '王小明', email: 'wang@example.cn', affiliation: 'not in the schema' }],
      internalNote: 'never sent',
    });
    const response = await app.inject('/answer');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      title: 'Nghiên cứu dòng chảy rối — Łódź',
      status: 'abstract_accepted',
      reviewer: { _id: 'r1', username: 'Иван Петров' },
      authors: [{ name: '王小明', email: 'wang@example.cn' }],
    });
    expect(response.body).not.toMatch(/hidden@|passwordHash|never sent|not in the schema/);
    await app.close();
  });

  it.each([
    ['a value of another type', { title: 'A', status: 'review_awaited', reviewer: 5, authors: [] }],
    ['a value outside its enum', { title: 'A', status: 'withdrawn', reviewer: null, authors: [] }],
    ['a value failing its check', { title: '', status: 'review_awaited', reviewer: null, authors: [] }],
    ['a missing required field', { title: 'A', status: 'review_awaited', authors: [] }],
    [
      'a nested value failing its format',
      { title: 'A', status: 'review_awaited', reviewer: null, authors: [{ name: 'A', email: 'no-at-sign' }] },
    ],
  ])('fails an answer with %s as a server error, sending none of it', async (_case, answer) => {
    const app = await serverAnswering(paper, answer);
    const response = await app.inject('/answer');
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ success: false, message: expect.any(String) });
    await app.close();
  });

  it.each([
    ['a transform', z.object({ at: z.string().transform((text) => text.length) })],
    ['a default', z.object({ items: z.array(z.object({ n: z.number().default(0) })) })],
    [
      'a codec',
      z.object({
        at: z
          .codec(z.iso.datetime(), z.date(), {
            decode: (text) => new Date(text),
            encode: (date) => date.toISOString(),
          })
          .nullable(),
      }),
    ],
    ['a catch', z.object({ later: z.lazy(() => z.object({ x: z.string().catch('') })) })],
  ])('refuses a response schema with %s when the route is compiled', async (_case, schema) => {
    await expect(serverAnswering(schema, {})).rejects.toThrow(
      /a response schema has no (transform|pipe|default|catch)/,
    );
  });

  it('compiles a recursive schema', async () => {
    type Node = { name: string; children: Node[] };
    const node: z.ZodType<Node> = z.object({ name: z.string(), children: z.array(z.lazy(() => node)) });
    const app = await serverAnswering(node, { name: 'a', children: [{ name: 'b', children: [], extra: 1 }] });
    expect((await app.inject('/answer')).json()).toEqual({ name: 'a', children: [{ name: 'b', children: [] }] });
    await app.close();
  });
});
