// @ci-embedded: .ci/run runs this file on the embedded database as well as on PostgreSQL.
// It copies an edition between embedded databases (it skips on a server).
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { themeLabels } from '@shared/conference.ts';
import { openDatabase } from '../db/client.ts';
import { eq } from 'drizzle-orm';
import { committeeMembers, papers, recoveryCodes, totpCredentials, users } from '../db/schema/index.ts';
import { PROJECT_ROOT } from '../project-paths.ts';
import { createTestPaper, createTestUser } from '../test/factories.ts';
import { API, createTestApp } from '../test/test-app.ts';

const run = promisify(execFile);
const THEMES = themeLabels();
const PEOPLE = ['张伟', 'Дмитрий Соколов', 'अनन्या वर्मा', 'Zofia Łukasiewicz-Wąsowska', 'Nguyễn Thị Minh Khai'];

/** The copy script as an operator runs it: `npx tsx scripts/copy-edition.ts --from ... --to ...`. */
const copyEditionScript = (from: string, to: string) =>
  run(process.execPath, ['--import', 'tsx', 'scripts/copy-edition.ts', '--from', from, '--to', to], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, NODE_ENV: 'test' },
  });

// Two embedded databases' data directories, as the script takes them (its PostgreSQL addresses are
// the same copy through another connection).
describe.skipIf(Boolean(process.env.DATABASE_URL))(
  'copy-edition: the next edition starts with the last one’s people',
  () => {
    let root: string;
    let oldEdition: string;
    let newEdition: string;

    beforeAll(async () => {
      root = await mkdtemp(path.join(os.tmpdir(), 'ictacem-editions-'));
      oldEdition = path.join(root, 'data-2025');
      newEdition = path.join(root, 'data-2028');
      // The old edition, as its server left it: accounts, a paper, the committee.
      const t = await createTestApp({ dataDir: oldEdition, inMemoryDatabase: false });
      try {
        const people = [];
        for (const [index, name] of PEOPLE.entries())
          people.push(await createTestUser(t.app, { username: name, password: `passphrase of ${index} ${name}` }));
        await createTestPaper(t.app, people[0]!);
        await t.app.ctx.db.insert(committeeMembers).values([
          {
            userId: (await t.app.ctx.db.select().from(users)).find((u) => u.username === PEOPLE[1])!.id,
            name: PEOPLE[1]!,
            email: people[1]!.email,
            affiliation: 'Московский университет',
            themes: [THEMES[0]!, 'A theme of 2025 only'],
            maxPapers: 6,
            status: 'accepted',
            listedPublicly: true,
          },
          { name: 'Trần Văn Nam', email: 'tran@example.vn', themes: [THEMES[1]!], maxPapers: 4, status: 'invited' },
        ]);
        // Two-factor sign-in: one account enrolled (two codes unused, one used), one enrolment unfinished.
        const accounts = await t.app.ctx.db.select().from(users);
        const enrolled = accounts.find((u) => u.username === PEOPLE[2])!;
        const halfway = accounts.find((u) => u.username === PEOPLE[3])!;
        await t.app.ctx.db.update(users).set({ twoFactorEnabledAt: new Date() }).where(eq(users.id, enrolled.id));
        await t.app.ctx.db.insert(totpCredentials).values([
          { userId: enrolled.id, secret: 'JBSWY3DPEHPK3PXP', lastUsedStep: 42 },
          { userId: halfway.id, secret: 'KRSXG5CTMVRXEZLU' },
        ]);
        await t.app.ctx.db.insert(recoveryCodes).values([
          { userId: enrolled.id, codeHash: 'hash-unused-1' },
          { userId: enrolled.id, codeHash: 'hash-unused-2' },
          { userId: enrolled.id, codeHash: 'hash-used', usedAt: new Date() },
        ]);
        const listed = await t.app.inject({ method: 'GET', url: `${API}/committee/public` });
        expect(listed.json().members).toHaveLength(1);
      } finally {
        await t.close();
      }
    }, 60_000);
    afterAll(() => rm(root, { recursive: true, force: true }));

    it('copies the accounts and the accepted committee members, not papers, invitations or consent', async () => {
      const { stdout } = await copyEditionScript(oldEdition, newEdition);
      expect(stdout).toContain('Copied 5 account(s) and 1 programme committee member(s)');

      const [old, next] = [await openDatabase({ dataDir: oldEdition }), await openDatabase({ dataDir: newEdition })];
      try {
        const before = await old.db.select().from(users);
        const after = await next.db.select().from(users);
        expect(after.map((u) => u.username).sort()).toEqual([...PEOPLE].sort());
        for (const person of before) {
          const copy = after.find((u) => u.email === person.email)!;
          // The same password signs in; a user ID of the new edition.
          expect(copy.passwordHash).toBe(person.passwordHash);
          expect(copy.customUserId).not.toBe(person.customUserId);
          expect(copy.role).toBe(person.role);
        }
        // Two-factor sign-in goes with its account; an unfinished enrolment and used codes do not.
        const enrolled = after.find((u) => u.username === PEOPLE[2])!;
        expect(enrolled.twoFactorEnabledAt).not.toBeNull();
        expect(await next.db.select().from(totpCredentials)).toEqual([
          expect.objectContaining({ userId: enrolled.id, secret: 'JBSWY3DPEHPK3PXP', lastUsedStep: 42 }),
        ]);
        const codes = await next.db.select().from(recoveryCodes);
        expect(codes.map((code) => [code.userId, code.codeHash]).sort()).toEqual([
          [enrolled.id, 'hash-unused-1'],
          [enrolled.id, 'hash-unused-2'],
        ]);
        expect(after.find((u) => u.username === PEOPLE[3])!.twoFactorEnabledAt).toBeNull();
        expect(await next.db.select().from(papers)).toEqual([]);
        expect(await old.db.select().from(papers)).toHaveLength(1);
        const members = await next.db.select().from(committeeMembers);
        expect(members).toHaveLength(1);
        expect(members[0]).toMatchObject({
          name: 'Дмитрий Соколов',
          affiliation: 'Московский университет',
          status: 'accepted',
          themes: [THEMES[0]],
          listedPublicly: false,
          userId: after.find((u) => u.username === 'Дмитрий Соколов')!.id,
        });
      } finally {
        await old.close();
        await next.close();
      }

      // A second run finds everyone there and adds no one.
      const again = await copyEditionScript(oldEdition, newEdition);
      expect(again.stdout).toContain('Copied 0 account(s) and 0 programme committee member(s)');
      expect(again.stdout).toContain('Already there, left as they are:');
    }, 120_000);

    it('refuses a source without a database rather than copy nothing', async () => {
      const failed = await copyEditionScript(path.join(root, 'no-such-edition'), newEdition).catch((e: unknown) => e);
      expect((failed as { code: number }).code).toBe(2);
      expect((failed as { stderr: string }).stderr).toContain('there is no embedded database in');
    });
  },
);
