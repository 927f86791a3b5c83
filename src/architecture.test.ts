import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The boundaries of docs/architecture.md are lint rules; these lint imaginary files placed where
// a wrong import would be written and check that the rule fires and names the boundary.
const eslint = new ESLint({ cwd: new URL('..', import.meta.url).pathname });

async function messagesFor(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath });
  return result!.messages.map((message) => `${message.ruleId}: ${message.message}`);
}

describe('architecture boundaries', () => {
  it('refuses a client feature importing another feature', async () => {
    const messages = await messagesFor(
      'src/client/features/papers/boundary-probe.tsx',
      "import { ChatButton } from '@client/features/chat/chat-button.tsx';\nexport const probe = ChatButton;\n",
    );
    expect(messages).toEqual([expect.stringMatching(/no-restricted-paths.*Client features do not import each other/)]);
    // The same import written relative lands on the same file and is refused the same way.
    expect(
      await messagesFor(
        'src/client/features/papers/boundary-probe.tsx',
        "import { ChatButton } from '../chat/chat-button.tsx';\nexport const probe = ChatButton;\n",
      ),
    ).toEqual([expect.stringMatching(/no-restricted-paths.*Client features do not import each other/)]);
  });

  it("keeps admin/ to the organisers' features", async () => {
    const source = "import { scoreBand } from '@client/admin/score-bands.ts';\nexport const probe = scoreBand;\n";
    expect(await messagesFor('src/client/features/admin-review/boundary-probe.tsx', source)).toEqual([]);
    expect(await messagesFor('src/client/features/papers/boundary-probe.tsx', source)).toEqual([
      expect.stringMatching(/admin\/ is for the organisers' features/),
    ]);
    expect(await messagesFor('src/client/lib/boundary-probe.ts', source)).toEqual([
      expect.stringMatching(/what everyone uses does not import it/),
    ]);
  });

  it('refuses the client importing the server, and shared importing either', async () => {
    expect(
      await messagesFor(
        'src/client/lib/boundary-probe.ts',
        "import { AppError } from '@server/lib/app-error.ts';\nexport const probe = AppError;\n",
      ),
    ).toEqual([expect.stringMatching(/The client never imports the server/)]);
    expect(
      await messagesFor(
        'src/shared/boundary-probe.ts',
        "import { api } from '@client/lib/api.ts';\nexport const probe = api;\n",
      ),
    ).toEqual([expect.stringMatching(/src\/shared imports nothing/)]);
  });

  it('refuses a lower server layer importing a higher one', async () => {
    const messages = await messagesFor(
      'src/server/plugins/boundary-probe.ts',
      "import { findSessionUser } from '@server/modules/sessions/sessions.service.ts';\nexport const probe = findSessionUser;\n",
    );
    expect(messages).toEqual([expect.stringMatching(/Server layers: plugins sits below modules/)]);
  });

  it('refuses Drizzle in a service and lets a repository use it', async () => {
    const source = "import { eq } from 'drizzle-orm';\nexport const probe = eq;\n";
    expect(await messagesFor('src/server/modules/papers/boundary-probe.service.ts', source)).toEqual([
      expect.stringMatching(/no-restricted-imports.*Only repositories/),
    ]);
    expect(await messagesFor('src/server/modules/papers/boundary-probe.repository.ts', source)).toEqual([]);
  });

  it("refuses a request in a component and lets the feature's api module make it", async () => {
    const source = "import { api } from '@client/lib/api.ts';\nexport const probe = () => api('/auth/session');\n";
    expect(await messagesFor('src/client/features/papers/boundary-probe.tsx', source)).toEqual([
      expect.stringMatching(/no-restricted-imports.*\*-api\.ts hooks/),
    ]);
    expect(await messagesFor('src/client/features/papers/boundary-probe-api.ts', source)).toEqual([]);
    const queryInComponent =
      "import { useQuery } from '@tanstack/react-query';\nexport const useProbe = () => useQuery({ queryKey: ['x'] });\n";
    expect(await messagesFor('src/client/features/papers/boundary-probe.tsx', queryInComponent)).toEqual([
      expect.stringMatching(/no-restricted-imports.*one hook per endpoint/),
    ]);
    expect(await messagesFor('src/client/features/papers/boundary-probe-api.ts', queryInComponent)).toEqual([]);
    const errorsOnly = "import { errorText } from '@client/lib/api.ts';\nexport const probe = errorText;\n";
    expect(await messagesFor('src/client/features/papers/boundary-probe.tsx', errorsOnly)).toEqual([]);
  });
});

describe('import paths', () => {
  it('refuses climbing two folders or more, and takes the alias', async () => {
    const climbing = "import { formatDate } from '../../lib/dates.ts';\nexport const probe = formatDate;\n";
    expect(await messagesFor('src/client/features/papers/boundary-probe.tsx', climbing)).toEqual([
      expect.stringMatching(/no-restricted-imports.*@client\/, @server\/ or @shared\//),
    ]);
    const aliased = "import { formatDate } from '@client/lib/dates.ts';\nexport const probe = formatDate;\n";
    expect(await messagesFor('src/client/features/papers/boundary-probe.tsx', aliased)).toEqual([]);
    const sibling = "import { usePaper } from '../papers-api.ts';\nexport const probe = usePaper;\n";
    expect(await messagesFor('src/client/features/papers/wizard/boundary-probe.ts', sibling)).toEqual([]);
  });

  it('refuses an unresolvable alias, so the zones never judge a path they cannot see', async () => {
    const messages = await messagesFor(
      'src/client/features/papers/boundary-probe.tsx',
      "import { nothing } from '@client/lib/no-such-file.ts';\nexport const probe = nothing;\n",
    );
    expect(messages).toEqual([expect.stringMatching(/import-x\/no-unresolved/)]);
  });
});

describe('one way to build a form', () => {
  const components = import.meta.glob<string>('./client/**/*.tsx', { query: '?raw', import: 'default', eager: true });

  /** Checked step by step in the spec's words, each step by a part of the shared schema (wizard-validation.ts). */
  const STEPWISE = ['./client/features/papers/wizard/paper-wizard.tsx'];
  /**
   * A public page's one field, checked by a shared function (letterCodeProblem, domain/letters.ts):
   * the page then loads no form library, whose 144 kB the phone ran after the first paint.
   */
  const ONE_FIELD_PUBLIC = ['./client/features/letters/letter-verification.tsx'];

  it('builds every <form> on react-hook-form, validated by its schema', () => {
    const forms = Object.entries(components).filter(([, source]) => /<form\b/.test(source));
    expect(forms.length).toBeGreaterThan(20);
    const handBuilt = forms.filter(
      ([path, source]) =>
        !ONE_FIELD_PUBLIC.includes(path) &&
        (!/\buseForm[(<]/.test(source) || !(/zodResolver\(/.test(source) || STEPWISE.includes(path))),
    );
    expect(handBuilt.map(([path]) => path)).toEqual([]);
  });
});

describe('the conference is named in one file', () => {
  // What only the default configuration may spell (src/shared/conference/default-conference.ts):
  // its acronym (so its "ICTACEM ID" too: conferenceIdLabel()), its download and ID stems, its
  // themes, its place, its currency and offset, its payment portal and its dates in words. Comments
  // are not checked (they give examples); tests and their helpers are not (they check the default
  // conference's texts).
  const NAMING = new RegExp(
    [
      'ICTACEM',
      'ictacem2025',
      'Aerodynamics and Fluid',
      'Solid Mechanics and Dynamics',
      'Flight Mechanics, Control',
      'Propulsion and Combustion',
      'West Bengal',
      'India\\b',
      'Rs\\. \\d',
      '\\+05:30',
      'aerospace',
      'continuing-education',
      '\\d{1,2}(-\\d{1,2})? (October|November|December) 2025',
    ].join('|'),
  );
  const ALLOWED = ['src/shared/conference/default-conference.ts'];
  /** A badge's QR format tag: printed badges carry it, so it stays whatever the conference. */
  const ALLOWED_LINES = ["const PREFIX = 'ICTACEM1';"];
  const isTestCode = (file: string) => /\.test\.tsx?$/.test(file) || file.startsWith('src/server/test/');
  const isComment = (line: string) => /^\s*(\/\/|\*|\/\*)/.test(line);

  it('knows the spellings that came back before', () => {
    for (const spelt of [
      '<Detail term="ICTACEM ID">',
      'placeholder="Search by title, author or ICTACEM ID..."',
      'paymentPortal: "the host institute\'s continuing-education portal",',
      "{ name: 'Tea Break', price: 'Rs. 20,000', limit: 'Limit: 6' },",
      "'Accommodation cannot be guaranteed for requests made after the registration deadline of 31 October 2025.',",
      "useDocumentTitle('Registration', `Registration for ${shortName}, 15-17 December 2025.`);",
      '`${first}T00:00:00+05:30`',
    ])
      expect(NAMING.test(spelt), spelt).toBe(true);
    expect(NAMING.test('`${conferenceIdLabel()} already exists`')).toBe(false);
  });

  it('is spelt nowhere else in the sources', async () => {
    const { readdir, readFile } = await import('node:fs/promises');
    const root = new URL('..', import.meta.url).pathname;
    const files = (await readdir(`${root}src`, { recursive: true }))
      .map((file) => `src/${file}`)
      .filter(
        (file) => /\.tsx?$/.test(file) && !isTestCode(file) && !ALLOWED.some((allowed) => file.startsWith(allowed)),
      );
    const found: string[] = [];
    for (const file of files) {
      const lines = (await readFile(`${root}${file}`, 'utf8')).split('\n');
      lines.forEach((line, index) => {
        if (!isComment(line) && !ALLOWED_LINES.includes(line.trim()) && NAMING.test(line))
          found.push(`${file}:${index + 1}: ${line.trim()}`);
      });
    }
    expect(files.length).toBeGreaterThan(300);
    expect(found).toEqual([]);
  });

  it("leaves none of the default conference's texts in the client's code", async () => {
    const { readdir, readFile } = await import('node:fs/promises');
    const { DEFAULT_CONFERENCE } = await import('./shared/conference/default-conference.ts');
    const texts = new Set<string>();
    const collect = (value: unknown): void => {
      if (typeof value === 'string' && value.length >= 16) texts.add(value);
      else if (value && typeof value === 'object') Object.values(value).forEach(collect);
    };
    collect(DEFAULT_CONFERENCE);
    expect(texts.size).toBeGreaterThan(25);
    const root = new URL('./client/', import.meta.url).pathname;
    const files = (await readdir(root, { recursive: true })).filter((file) => /(?<!\.test)\.tsx?$/.test(file));
    const found: string[] = [];
    for (const file of files) {
      const source = await readFile(`${root}${file}`, 'utf8');
      for (const text of texts) if (source.includes(text)) found.push(`src/client/${file}: ${text}`);
    }
    expect(found).toEqual([]);
  });
});
