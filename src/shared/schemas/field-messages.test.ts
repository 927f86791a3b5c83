import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldLabel } from './field-messages.ts';
import { authorSchema, paperSubmissionSchema } from './paper.ts';
import { systemNotificationBodySchema } from './notification.ts';

/** Every shared schema module: the walk below finds their limited fields, new ones included. */
const modules = import.meta.glob<Record<string, unknown>>(['./*.ts', '!./*.test.ts'], { eager: true });
/** Answers describe the server's own data: only what a person sends is checked. */
const isResponseSchema = (name: string) => /Response|RowSchema$|PaperSchema$/.test(name);

interface Limit {
  name: string;
  path: (string | number)[];
  maximum: number;
  /** A request with this field just over its limit; the other fields as the walk found them. */
  overTheLimit: unknown;
}

const count = (n: number) => n.toLocaleString('en');
const SAMPLE_ID = '00000000-0000-4000-8000-000000000000';

/** A valid element of a list, so that only the list's length is wrong. */
function sampleOf(schema: z.core.$ZodType): unknown {
  const def = schema._zod.def as unknown as Record<string, unknown>;
  if (def.type === 'enum') return Object.values(def.entries as Record<string, string>)[0];
  return (schema as z.ZodString).format === 'uuid' ? SAMPLE_ID : 'x';
}

/** Walks a schema to each string, number and list with an upper limit. */
function walk(
  schema: z.core.$ZodType,
  path: (string | number)[],
  wrap: (inner: unknown) => unknown,
  found: Omit<Limit, 'name'>[],
): void {
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  for (const check of (def.checks ?? []) as z.core.$ZodCheck[]) {
    const c = check._zod.def as unknown as Record<string, unknown>;
    if (c.check === 'max_length' && def.type === 'string') {
      const maximum = c.maximum as number;
      found.push({ path, maximum, overTheLimit: wrap('x'.repeat(maximum + 1)) });
    }
    if (c.check === 'max_length' && def.type === 'array') {
      const maximum = c.maximum as number;
      const element = sampleOf(def.element as z.core.$ZodType);
      found.push({ path, maximum, overTheLimit: wrap(Array(maximum + 1).fill(element)) });
    }
    if (c.check === 'less_than' && def.type === 'number') {
      const maximum = c.value as number;
      found.push({ path, maximum, overTheLimit: wrap(maximum + 1) });
    }
  }
  if (def.type === 'object') {
    const shape = def.shape as Record<string, z.core.$ZodType>;
    // A discriminated union's branch is chosen by its literal: the request carries it.
    const literals = Object.fromEntries(
      Object.entries(shape)
        .filter(([, field]) => field._zod.def.type === 'literal')
        .map(([key, field]) => [key, (field._zod.def as unknown as { values: unknown[] }).values[0]]),
    );
    for (const [key, field] of Object.entries(shape)) {
      walk(field, [...path, key], (inner) => wrap({ ...literals, [key]: inner }), found);
    }
  }
  if (def.type === 'array') walk(def.element as z.core.$ZodType, [...path, 0], (inner) => wrap([inner]), found);
  if (def.type === 'union') for (const option of def.options as z.core.$ZodType[]) walk(option, path, wrap, found);
  for (const key of ['innerType', 'in', 'out']) {
    if (def[key]) walk(def[key] as z.core.$ZodType, path, wrap, found);
  }
}

const limits: Limit[] = [];
for (const [file, exported] of Object.entries(modules)) {
  for (const [name, schema] of Object.entries(exported)) {
    if (!(schema instanceof z.ZodType) || isResponseSchema(name)) continue;
    const found: Omit<Limit, 'name'>[] = [];
    walk(schema, [], (inner) => inner, found);
    limits.push(...found.map((limit) => ({ ...limit, name: `${file.slice(2)} ${name} ${limit.path.join('.')}` })));
  }
}
const schemaOf = (limit: Limit) => modules[`./${limit.name.split(' ')[0]}`]![limit.name.split(' ')[1]!] as z.ZodType;

/**
 * Texts a schema gives for a value over its limit that name no number, kept because the limit
 * is not what is wrong: no e-mail address, code or current password is that long.
 */
const OWN_TEXTS_WITHOUT_LIMIT = [
  'Please enter a valid email address',
  'Please enter a valid payment ID',
  'Your current password is not correct.',
  'That code is not correct, or it was already used.',
  'Enter the passport number as printed:',
];

/** Labels schemas set themselves, where the field's key alone would not say it. */
const OWN_LABELS = ['Password ', 'Author name ', 'Author affiliation ', 'Author address '];

describe("a field over its limit is refused in the site's words, naming the field", () => {
  it('finds the limited fields of the request schemas', () => {
    expect(limits.length).toBeGreaterThan(60);
    expect(limits.map((limit) => limit.name)).toContain('paper.ts paperSubmissionSchema title');
  });

  it.each(limits.map((limit) => [limit.name, limit] as const))('%s', (_, limit) => {
    const result = schemaOf(limit).safeParse(limit.overTheLimit);
    const issue = result.error?.issues.find((i) => i.path.join('.') === limit.path.join('.') && i.code === 'too_big');
    expect(issue, JSON.stringify(result.error?.issues)).toBeDefined();
    const { message } = issue!;
    expect(message).not.toMatch(/Too big|Too small|expected|Invalid input|<=/);
    if (OWN_TEXTS_WITHOUT_LIMIT.some((text) => message.startsWith(text))) return;
    expect(message).toContain(count(limit.maximum));
    // The site's own message for a field starts with its label; a schema's own text names it its way.
    if (message.includes(' at most ') && !OWN_LABELS.some((label) => message.startsWith(label))) {
      expect(message.startsWith(fieldLabel(limit.path)), message).toBe(true);
    }
  });

  it('says "Title must be at most 300 characters", and names an author\'s field', () => {
    const longTitle = paperSubmissionSchema.safeParse({ title: 'x'.repeat(301) });
    expect(longTitle.error?.issues.find((i) => i.path[0] === 'title')?.message).toBe(
      'Title must be at most 300 characters',
    );
    const author = { name: '张'.repeat(201), affiliation: 'IIT Kharagpur', address: 'Kharagpur' };
    expect(authorSchema.safeParse(author).error?.issues[0]?.message).toBe('Author name must be at most 200 characters');
  });

  it('names the field when a value is missing or of the wrong kind', () => {
    const issues = systemNotificationBodySchema.safeParse({ title: 42 }).error!.issues;
    expect(issues.map((issue) => issue.message)).toEqual([
      'Please choose a recipient.',
      'Title must be text',
      'Message is required',
    ]);
  });
});
