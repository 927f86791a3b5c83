// @ci-embedded: .ci/run runs this file on the embedded database as well as on PostgreSQL.
// Backing up and restoring the embedded database.
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { asc } from 'drizzle-orm';
import * as tar from 'tar';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, type Db, openDatabase } from '../db/client.ts';
import {
  adminFiles,
  auditLog,
  chatAttachments,
  chatMessages,
  notifications,
  papers,
  storedFiles,
  submissionVersions,
  users,
} from '../db/schema/index.ts';
import { filesDirOf, storedFilePath } from '../storage/local-file-store.ts';
import { createTestPaper, createTestUser, type TestUser } from '../test/factories.ts';
import { multipart, pdfBytes } from '../test/multipart.ts';
import { createScratchDatabase, type ScratchDatabase } from '../test/scratch-database.ts';
import { API, createTestApp, type TestApp } from '../test/test-app.ts';
import { tableUpkeep } from '../test/table-upkeep.ts';
import { readBackupManifest, restoreBackup, RestoreRefusedError, writeBackup } from './backup.ts';

const LOCAL = { kind: 'local' } as const;

function withoutLatestMessage(row: unknown): unknown {
  if (!row || typeof row !== 'object' || !('lastAuthorMessageAt' in row)) return row;
  return { ...row, lastAuthorMessageAt: undefined };
}

/** Every table whose rows the comparison covers: papers, versions, chat, files and the rest. */
const TABLES = {
  users,
  papers,
  submissionVersions,
  storedFiles,
  adminFiles,
  chatMessages,
  chatAttachments,
  notifications,
  auditLog,
};
type Snapshot = Record<keyof typeof TABLES, Map<string, unknown>>;

async function snapshotOf(db: Db): Promise<Snapshot> {
  const entries = await Promise.all(
    Object.entries(TABLES).map(async ([name, table]) => {
      const rows = (await db
        .select()
        .from(table as PgTable)
        .orderBy(asc((table as typeof users).id))) as { id: string }[];
      return [name, new Map(rows.map((r) => [r.id, r]))] as const;
    }),
  );
  return Object.fromEntries(entries) as Snapshot;
}

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

/** A PDF big enough to be streamed in several chunks. */
const bigPdf = (label: string) => Buffer.concat([pdfBytes(label), Buffer.alloc(256 * 1024, 0x20)]);
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

// Each restore initialises an embedded database on disk, which takes seconds on a busy machine.
describe('backup and restore', { timeout: 60_000 }, () => {
  let t: TestApp;
  let admin: TestUser;
  let authors: TestUser[];
  let paperIds: string[];
  /** The admin file shared with the second paper's author. */
  let sharedFileId: string;
  /** The backup taken during uploads, and where the first test restored it. */
  let archive: string;
  let target: string;
  let targetDatabase: ScratchDatabase | undefined;
  const work: string[] = [];
  const scratches: ScratchDatabase[] = [];

  const sourceKind = () => (t.config.databaseUrl ? 'postgres' : 'pglite');
  const tempDir = async (prefix: string) => {
    const dir = await mkdtemp(path.join(os.tmpdir(), prefix));
    work.push(dir);
    return dir;
  };

  function postMessage(author: TestUser, paperId: string, text: string, file: Buffer, hold?: Promise<void>) {
    const body = multipart({ message: text }, [{ field: 'attachments', name: `${text}.pdf`, content: file }]);
    // Held uploads stop inside the file's bytes until the gate opens.
    const cut = body.payload.length - 1024;
    const payload = hold
      ? Readable.from(
          (async function* () {
            yield body.payload.subarray(0, cut);
            await hold;
            yield body.payload.subarray(cut);
          })(),
        )
      : body.payload;
    return t.app.inject({
      method: 'POST',
      url: `${API}/chat/papers/${paperId}/messages`,
      headers: { ...body.headers, cookie: author.cookie },
      payload,
    });
  }

  /** Restores into a new data directory (and a new PostgreSQL database on the PostgreSQL run). */
  async function restoreIntoEmpty(archive: string, dataDir: string) {
    const scratch = await createScratchDatabase();
    if (scratch) scratches.push(scratch);
    return {
      scratch,
      result: await restoreBackup({ archive, dataDir, databaseUrl: scratch?.url, fileStore: LOCAL, force: false }),
    };
  }

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createTestUser(t.app, { role: 'admin' });
    authors = await Promise.all([1, 2, 3, 4].map(() => createTestUser(t.app)));
    paperIds = [];
    for (const author of authors) paperIds.push((await createTestPaper(t.app, author))._id);
    const sent = await postMessage(authors[0]!, paperIds[0]!, 'before', bigPdf('before'));
    expect(sent.statusCode).toBe(201);
    const shared = multipart({ description: 'Reviewer notes', visibleToUser: 'true' }, [
      { field: 'adminFile', name: 'notes.pdf', content: pdfBytes('notes') },
    ]);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: `${API}/admin/papers/${paperIds[1]}/upload-file`,
      headers: { ...shared.headers, cookie: admin.cookie },
      payload: shared.payload,
    });
    expect(uploaded.statusCode).toBe(201);
    sharedFileId = uploaded.json().file._id;
    const status = await t.app.inject({
      method: 'PATCH',
      url: `${API}/admin/papers/${paperIds[2]}/status`,
      headers: { cookie: admin.cookie },
      payload: { status: 'abstract_accepted', review: 'Well argued.' },
    });
    expect(status.statusCode).toBe(200);
  });

  afterAll(async () => {
    await t.close();
    for (const scratch of scratches) await scratch.drop();
    for (const dir of work) await rm(dir, { recursive: true, force: true });
  });

  it('takes a consistent backup while uploads are in flight and restores it intact into an empty directory', async () => {
    const before = await snapshotOf(t.app.ctx.db);
    const filesDir = filesDirOf(t.config.dataDir);

    // Two uploads stay mid-stream for the whole backup; two more are released as it starts.
    const held = gate();
    const racing = gate();
    const heldUploads = [0, 1].map((i) =>
      postMessage(authors[i]!, paperIds[i]!, `held${i}`, bigPdf(`held${i}`), held.opened),
    );
    const racingUploads = [2, 3].map((i) =>
      postMessage(authors[i]!, paperIds[i]!, `racing${i}`, bigPdf(`racing${i}`), racing.opened),
    );
    await expect.poll(async () => (await readdir(path.join(filesDir, 'tmp'))).length, { timeout: 10_000 }).toBe(4);

    const backupDir = await tempDir('ictacem-backup-');
    archive = path.join(backupDir, 'backup.tar.gz');
    const backup = writeBackup(
      { db: t.app.ctx.db, kind: sourceKind(), store: t.app.ctx.store, workDir: t.config.dataDir },
      archive,
    );
    racing.open();
    const manifest = await backup;
    held.open();
    for (const response of await Promise.all([...heldUploads, ...racingUploads])) expect(response.statusCode).toBe(201);
    const after = await snapshotOf(t.app.ctx.db);
    expect((await readdir(t.config.dataDir)).filter((name) => name.startsWith('.backup-'))).toEqual([]);

    target = path.join(backupDir, 'restored');
    const { scratch, result } = await restoreIntoEmpty(archive, target);
    targetDatabase = scratch;
    expect(result.integrity.problems).toEqual([]);
    expect(result.integrity.checkedFiles).toBe(manifest.files.count);
    expect(result.movedAside).toEqual([]);

    const restoredDb: Database = await openDatabase({ databaseUrl: scratch?.url, dataDir: target });
    try {
      // Vacuumed and analysed: the planner knows what was loaded, and index-only scans skip the heap.
      const upkeep = await tableUpkeep(restoredDb.db, 'papers');
      expect(upkeep.estimatedRows).toBe(before.papers.size);
      expect(upkeep.allVisiblePages).toBe(upkeep.pages);
      const restored = await snapshotOf(restoredDb.db);
      for (const name of Object.keys(TABLES) as (keyof typeof TABLES)[]) {
        // Everything saved before the backup is there, exactly as it was (a paper's latest author
        // message excepted: a racing message may be in the backup, and moves it; checked below)...
        for (const [id, row] of before[name])
          expect(withoutLatestMessage(restored[name].get(id)), `${name} ${id}`).toEqual(withoutLatestMessage(row));
        // ...and nothing that did not exist: every restored row is a row of the live database
        // (the latest author message excepted again: the messages sent after the snapshot moved it).
        for (const [id, row] of restored[name]) {
          expect(withoutLatestMessage(row), `${name} ${id}`).toEqual(withoutLatestMessage(after[name].get(id)));
        }
      }
      // Each restored paper's latest author message is that of the messages restored with it.
      for (const paper of restored.papers.values() as Iterable<typeof papers.$inferSelect>) {
        const times = [...restored.chatMessages.values()]
          .map((m) => m as typeof chatMessages.$inferSelect)
          .filter((m) => m.paperId === paper.id && m.senderRole === 'author')
          .map((m) => m.createdAt.getTime());
        expect(paper.lastAuthorMessageAt?.getTime() ?? null, paper.id).toBe(times.length ? Math.max(...times) : null);
      }
      const restoredTexts = [...restored.chatMessages.values()].map((m) => (m as { message: string }).message);
      expect(restoredTexts).toContain('before');
      // The held uploads were mid-stream at the snapshot: not in the backup, not half in it.
      expect(restoredTexts).not.toContain('held0');
      expect(restoredTexts).not.toContain('held1');
      // A racing message is in the backup whole (with its attachment) or not at all.
      for (const message of restored.chatMessages.values()) {
        const { id } = message as { id: string };
        expect(
          [...restored.chatAttachments.values()].filter((a) => (a as { messageId: string }).messageId === id),
        ).toHaveLength(1);
      }

      // Every restored file has the bytes the live one has, by SHA-256.
      expect(restored.storedFiles.size).toBe(manifest.files.count);
      for (const file of restored.storedFiles.values() as Iterable<typeof storedFiles.$inferSelect>) {
        const restoredBytes = await readFile(storedFilePath(filesDirOf(target), file.storageKey));
        const liveBytes = await readFile(storedFilePath(filesDir, file.storageKey));
        expect(sha256(restoredBytes)).toBe(file.sha256);
        expect(sha256(restoredBytes)).toBe(sha256(liveBytes));
      }
    } finally {
      await restoredDb.close();
    }
  });

  it('refuses a target that holds data unless forced, and then moves the old data aside', async () => {
    const again = (force: boolean) =>
      restoreBackup({ archive, dataDir: target, databaseUrl: targetDatabase?.url, fileStore: LOCAL, force });
    await expect(again(false)).rejects.toThrow(RestoreRefusedError);
    await expect(again(false)).rejects.toThrow(/not empty|already holds data/);

    const forced = await again(true);
    expect(forced.integrity.problems).toEqual([]);
    expect(forced.movedAside).toEqual([
      expect.stringMatching(/files\.before-restore-/),
      ...(targetDatabase ? [] : [expect.stringMatching(/pglite\.before-restore-/)]),
    ]);
  });

  it('refuses an archive that is not a complete backup and leaves the target untouched', async () => {
    const truncated = path.join(path.dirname(archive), 'truncated.tar.gz');
    const whole = await readFile(archive);
    await writeFile(truncated, whole.subarray(0, Math.floor(whole.length / 2)));
    const empty = path.join(path.dirname(archive), 'empty-target');
    await expect(restoreBackup({ archive: truncated, dataDir: empty, fileStore: LOCAL, force: false })).rejects.toThrow(
      /damaged or incomplete/,
    );
    expect(await readdir(empty)).toEqual([]);
  });

  it('refuses an archive with anything but the data a backup holds (links, other names)', async () => {
    const crafted = await tempDir('ictacem-crafted-');
    await mkdir(path.join(crafted, 'files', 'ab'), { recursive: true });
    await writeFile(path.join(crafted, 'manifest.json'), JSON.stringify(readBackupManifest(archive)));
    await symlink('/etc/passwd', path.join(crafted, 'files', 'ab', 'ab000000-0000-4000-8000-000000000000'));
    await writeFile(path.join(crafted, 'run-me.sh'), '#!/bin/sh\n');
    const evil = path.join(crafted, 'evil.tar.gz');
    await tar.c({ gzip: true, file: evil, cwd: crafted }, ['manifest.json', 'files', 'run-me.sh']);

    const target = path.join(crafted, 'target');
    await expect(restoreBackup({ archive: evil, dataDir: target, fileStore: LOCAL, force: false })).rejects.toThrow(
      /unexpected entries .*(run-me\.sh|ab000000)/,
    );
    expect(await readdir(target)).toEqual([]);
  });

  it('takes the snapshot again when a file is deleted between the snapshot and its copy', async () => {
    const tablesOf = (manifest: { tables: { name: string; rows: number }[] }) =>
      Object.fromEntries(manifest.tables.map((t) => [t.name, t.rows]));
    const deleteSharedFile = () =>
      t.app.inject({
        method: 'DELETE',
        url: `${API}/admin/papers/${paperIds[1]}/admin-files/${sharedFileId}`,
        headers: { cookie: admin.cookie },
      });
    // The database as the backup sees it: right after the first snapshot, an admin deletes a file.
    let snapshots = 0;
    const db = new Proxy(t.app.ctx.db, {
      get(target, property, receiver) {
        if (property !== 'transaction') return Reflect.get(target, property, receiver) as unknown;
        return async (...args: Parameters<Db['transaction']>) => {
          const result = await target.transaction(...args);
          snapshots += 1;
          if (snapshots === 1) expect((await deleteSharedFile()).statusCode).toBe(200);
          return result;
        };
      },
    });
    const before = tablesOf(readBackupManifest(archive));
    const retried = path.join(path.dirname(archive), 'retried.tar.gz');
    const manifest = await writeBackup(
      { db, kind: sourceKind(), store: t.app.ctx.store, workDir: t.config.dataDir },
      retried,
    );

    expect(snapshots).toBe(2);
    expect(manifest.missingFiles).toEqual([]);
    expect(tablesOf(manifest).admin_files).toBe(before.admin_files! - 1);
    expect(manifest.files.count).toBe(tablesOf(manifest).stored_files);
  });
});
