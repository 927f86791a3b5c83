import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldLabel } from './field-messages.ts';
import { authorSchema, paperSubmissionSchema } from './paper.ts';
import { systemNotificationBodySchema } from './notification.ts';
import { sessionBodySchema } from './programme.ts';

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
  /** For a text field: a request with this field set to `text`. */
  withText?: (text: string) => unknown;
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
      found.push({ path, maximum, overTheLimit: wrap('x'.repeat(maximum + 1)), withText: wrap });
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

/**
 * Text a person sends that reaches no document and no feed (the schedule's XML, JSON and
 * iCalendar, the Book of Abstracts, the letters, the printed programme): read on the site and in
 * e-mails, or never shown. Every other text field refuses what those cannot carry, so a new field
 * is one or the other, decided here.
 */
const NEITHER_DOCUMENT_NOR_FEED: [RegExp, string][] = [
  [
    / (audience\.)?(filter\.)?search$| (participantsQuerySchema|badgesQuerySchema|deskSearchQuerySchema) q$/,
    'a search, never stored',
  ],
  [/ (password|currentPassword|newPassword)$|^auth\.ts passwordSchema $/, 'a secret, never shown'],
  [/ (totp|code)$|^two-factor\.ts secondFactorCodeSchema $/, 'a code, checked and forgotten'],
  [/ (confidentialComments|commentsToAuthors|review)$/, 'a review, read on the site and in e-mails'],
  [/ (reason|note)$/, 'a reason or note, read by organisers and in e-mails'],
  [/^author-messages\.ts \w+ (subject|body|name)$/, 'an e-mail to authors, and its template'],
  [/^notification\.ts systemNotificationBodySchema (title|message)$/, 'a notification on the site and by e-mail'],
  [
    /^(chat-files\.ts chatComposeSchema message|discussion\.ts discussionBodySchema body)$/,
    'a conversation on the site',
  ],
  [/^committee\.ts committeeInvitationBodySchema affiliation$/, 'matched against authors for conflicts, never shown'],
  [/^payment-statements\.ts columnMappingBodySchema \w+$/, "a statement's column name, matched against its first line"],
  [/^participants\.ts participantsImportBodySchema file$/, 'a CSV file, whose names are checked line by line'],
  // The shape of an author in answers: what an author types goes through paperSubmissionSchema.
  [/^paper\.ts authorSchema /, 'the shape of an answer'],
];
const exemption = (name: string) => NEITHER_DOCUMENT_NOR_FEED.find(([pattern]) => pattern.test(name));

/**
 * ESC, the two non-characters outside XML 1.0, a C1 control and half a surrogate pair (a vertical
 * tab is whitespace, which some fields fold into one space before the rule sees it).
 */
const UNCARRIABLE: [string, string][] = [
  ['\u001b', 'U+001B'],
  ['\ufffe', 'U+FFFE'],
  ['\uffff', 'U+FFFF'],
  ['\u0092', 'U+0092'],
  ['\ud800', 'U+D800'],
];

const texts = limits.filter((limit) => limit.withText);

describe('a text that reaches a document or a feed refuses what they cannot carry, naming the field', () => {
  it('finds the text fields, among them those the feeds publish', () => {
    expect(texts.map((text) => text.name)).toEqual(
      expect.arrayContaining([
        'paper.ts paperSubmissionSchema title',
        'paper.ts paperSubmissionSchema authors.0.name',
        'programme.ts roomBodySchema name',
        'programme.ts sessionBodySchema title',
        'programme.ts sessionBodySchema chairs.0',
      ]),
    );
    // Each exemption still names a field: none is left behind by a renamed one.
    for (const [pattern, why] of NEITHER_DOCUMENT_NOR_FEED)
      expect(
        texts.some((text) => pattern.test(text.name)),
        `${String(pattern)}: ${why}`,
      ).toBe(true);
  });

  it.each(texts.filter((text) => !exemption(text.name)).map((text) => [text.name, text] as const))('%s', (_, text) => {
    for (const [character, codePoint] of UNCARRIABLE) {
      const result = schemaOf(text).safeParse(text.withText!(`Vortex${character} shedding`));
      const issues = result.error?.issues.filter((issue) => issue.path.join('.') === text.path.join('.')) ?? [];
      // A field held to its own pattern (an e-mail address, an ID, a name in passport letters) refuses it in its words.
      if (issues.some((issue) => issue.code === 'invalid_format')) continue;
      const messages = issues.map((issue) => issue.message);
      expect(messages, codePoint).toContainEqual(
        expect.stringMatching(
          new RegExp(
            `^[A-Z][\\w ]+ contains a character that cannot be printed or published: ${codePoint.replace('+', '\\+')}$`,
          ),
        ),
      );
    }
  });

  it('says "Title contains a character that cannot be printed or published: U+001B", and names each character once', () => {
    const title = paperSubmissionSchema.safeParse({ title: 'Flow\u001b[1m past a cylinder\u001b[0m\uffff' });
    expect(title.error?.issues.find((issue) => issue.path[0] === 'title')?.message).toBe(
      'Title contains characters that cannot be printed or published: U+001B U+FFFF',
    );
    const chair = sessionBodySchema.safeParse({ chairs: ['Nguyễn Văn An', 'Ewa\u0007 Nowak'] });
    expect(chair.error?.issues.find((issue) => issue.path.join('.') === 'chairs.1')?.message).toBe(
      'Chair contains a character that cannot be printed or published: U+0007',
    );
  });
});

describe('every schema module installs the messages itself', () => {
  // A page may load one schema module alone (the Fees page loads only its forms' module): one that
  // did not install them would check its fields with Zod's own messages, and, without `jitless`,
  // Zod's probe for `new Function` would be reported as a breach of the page's CSP.
  const sources = import.meta.glob<string>(['./*.ts', '!./*.test.ts', '!./field-messages.ts'], {
    eager: true,
    query: '?raw',
    import: 'default',
  });

  it('imports field-messages.ts, or responses.ts that imports it, whenever it uses Zod', () => {
    const missing = Object.entries(sources)
      .filter(([, source]) => /^import (?!type )(?!\{ type z \})[^;]*from 'zod';$/m.test(source))
      .filter(([, source]) => !/^import '\.\/field-messages\.ts';$|from '\.\/responses\.ts';$/m.test(source))
      .map(([file]) => file);
    expect(missing).toEqual([]);
  });
});
