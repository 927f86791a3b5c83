import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { LIMITS } from '@shared/constants.ts';
import { ADMIN_MESSAGES } from '@shared/schemas/admin-paper.ts';
import { CHAT_MESSAGES } from '@shared/schemas/chat.ts';
import { PAPER_MESSAGES } from '@shared/schemas/paper.ts';
import { storedFiles } from '../db/schema/index.ts';
import { createTestPaper, createTestUser, submissionFields, type TestUser } from './factories.ts';
import { type FilePart, multipart } from './multipart.ts';
import { API, type TestApp } from './test-app.ts';

/** One route that takes files, with the caller and paper state that lets it read the upload. */
export interface UploadTarget {
  route: string;
  url: string;
  uploader: TestUser;
  fileField: string;
  /** Text fields sent along, so only the file decides the answer. */
  fields: () => Record<string, string>;
  acceptsImages: boolean;
  maxBytes: number;
  wrongTypeMessage: (fileName: string) => string;
  tooLargeMessage: (fileName: string) => string;
}

async function expectOk(response: { statusCode: number; body: string }, what: string): Promise<void> {
  if (response.statusCode >= 300) throw new Error(`${what} failed: ${response.statusCode} ${response.body}`);
}

/**
 * Every upload route of the site, each in the state where it accepts a file: an author
 * without a paper (submit), an abstract reset by an admin (re-upload), an accepted and paid
 * paper (full paper, chat) and an admin on that paper (admin files).
 */
export async function prepareUploadTargets(t: TestApp): Promise<{ admin: TestUser; targets: UploadTarget[] }> {
  const [admin, newcomer, resetAuthor, paidAuthor] = await Promise.all([
    createTestUser(t.app, { role: 'admin' }),
    createTestUser(t.app),
    createTestUser(t.app),
    createTestUser(t.app),
  ]);
  const [resetPaper, paidPaper] = await Promise.all([
    createTestPaper(t.app, resetAuthor),
    createTestPaper(t.app, paidAuthor),
  ]);
  const asAdmin = { cookie: admin.cookie };
  await expectOk(
    await t.app.inject({
      method: 'PUT',
      url: `${API}/admin/papers/${resetPaper._id}/toggle-abstract`,
      headers: asAdmin,
      payload: { resetAbstract: true, reason: 'Template' },
    }),
    'abstract reset',
  );
  await expectOk(
    await t.app.inject({
      method: 'PUT',
      url: `${API}/admin/papers/${paidPaper._id}/status`,
      headers: asAdmin,
      payload: { status: 'abstract_accepted', review: '' },
    }),
    'acceptance',
  );
  await expectOk(
    await t.app.inject({
      method: 'PATCH',
      url: `${API}/papers/${paidPaper._id}/payment`,
      headers: { cookie: paidAuthor.cookie },
      payload: { paymentId: 'PAY-2025-0001' },
    }),
    'payment',
  );

  const pdfOnly = { acceptsImages: false, maxBytes: LIMITS.paperPdfBytes };
  const targets: UploadTarget[] = [
    {
      ...pdfOnly,
      route: 'abstract submission',
      url: `${API}/papers/submit`,
      uploader: newcomer,
      fileField: 'paperPdf',
      fields: () => submissionFields(),
      wrongTypeMessage: () => PAPER_MESSAGES.onlyPdf,
      tooLargeMessage: () => PAPER_MESSAGES.reuploadTooLarge,
    },
    {
      ...pdfOnly,
      route: 'abstract re-upload',
      url: `${API}/papers/${resetPaper._id}/re-upload-abstract`,
      uploader: resetAuthor,
      fileField: 'paperPdf',
      fields: () => ({}),
      wrongTypeMessage: () => PAPER_MESSAGES.reuploadOnlyPdf,
      tooLargeMessage: () => PAPER_MESSAGES.reuploadTooLarge,
    },
    {
      ...pdfOnly,
      route: 'full paper',
      url: `${API}/papers/${paidPaper._id}/full-paper`,
      uploader: paidAuthor,
      fileField: 'fullPaperPdf',
      fields: () => ({}),
      wrongTypeMessage: () => PAPER_MESSAGES.onlyPdf,
      tooLargeMessage: () => PAPER_MESSAGES.fullPaperTooLarge,
    },
    {
      route: 'chat attachment',
      url: `${API}/chat/papers/${paidPaper._id}/messages`,
      uploader: paidAuthor,
      fileField: 'attachments',
      fields: () => ({ message: 'See the attached file.' }),
      acceptsImages: true,
      maxBytes: LIMITS.chatFileBytes,
      wrongTypeMessage: CHAT_MESSAGES.notAllowed,
      tooLargeMessage: CHAT_MESSAGES.tooLarge,
    },
    {
      ...pdfOnly,
      route: 'admin file',
      url: `${API}/admin/papers/${paidPaper._id}/upload-file`,
      uploader: admin,
      fileField: 'adminFile',
      fields: () => ({ description: 'Reviewer notes', fileType: 'review_comment_file', visibleToUser: 'true' }),
      wrongTypeMessage: () => ADMIN_MESSAGES.onlyPdf,
      tooLargeMessage: () => 'File size must be less than 10MB.',
    },
  ];
  return { admin, targets };
}

export function uploadTo(t: TestApp, target: UploadTarget, files: Omit<FilePart, 'field'>[]) {
  const body = multipart(
    target.fields(),
    files.map((file) => ({ ...file, field: target.fileField })),
  );
  return t.app.inject({
    method: 'POST',
    url: target.url,
    headers: { ...body.headers, cookie: target.uploader.cookie },
    payload: body.payload,
  });
}

export interface StorageState {
  rows: number;
  /** Stored files, relative to DATA_DIR/files. */
  files: string[];
  /** Half-written uploads left in DATA_DIR/files/tmp. */
  partials: string[];
}

/** What the database and the disk hold, to compare before and after a refused upload. */
export async function storageState(t: TestApp): Promise<StorageState> {
  const root = path.join(t.config.dataDir, 'files');
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  const relative = entries.filter((e) => e.isFile()).map((e) => path.relative(root, path.join(e.parentPath, e.name)));
  const [row] = await t.app.ctx.db.select({ n: count() }).from(storedFiles);
  return {
    rows: row?.n ?? 0,
    files: relative.filter((f) => !f.startsWith(`tmp${path.sep}`)).sort(),
    partials: relative.filter((f) => f.startsWith(`tmp${path.sep}`)),
  };
}

/** Where the file store puts a key: DATA_DIR/files/<first 2 characters>/<uuid>. */
export const STORED_FILE_PATH = /^[0-9a-f]{2}[\\/][0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
