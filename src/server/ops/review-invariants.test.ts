import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAPER_STATUSES, type SubmissionKind } from '@shared/constants.ts';
import { ASSIGNABLE_STATUSES } from '@shared/domain/assignment.ts';
import { type PaperAction, type PaperState, type Transition, transition } from '@shared/domain/paper-workflow.ts';
import type { PublicUser } from '@shared/schemas/user.ts';
import { auditLog, committeeMembers, notifications, papers, users } from '../db/schema/index.ts';
import { PDF } from '../lib/content-type.ts';
import { AppError } from '../lib/app-error.ts';
import type { ReceivedUpload } from '../lib/multipart-upload.ts';
import { assignReviewers } from '../modules/assignment/assignment.service.ts';
import { uploadAdminFile } from '../modules/papers/admin-files.service.ts';
import { saveEvaluation, setPaperStatus } from '../modules/papers/admin-papers.service.ts';
import { paperState } from '../modules/papers/paper-workflow.ts';
import { reuploadAbstract, savePaymentId, submitFullPaper, submitPaper } from '../modules/papers/papers.service.ts';
import { toggleSubmission } from '../modules/papers/submission-resets.service.ts';
import { presentUser } from '../modules/users/user.presenter.ts';
import { pdfBytes } from '../test/multipart.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { checkReviewInvariants, replayHistory } from './review-invariants.ts';

/**
 * Random sequences per run of the suite: 300 keeps the suite's slowest file near a minute (1,000
 * took 4.4 minutes, half of the server suite's time on two cores). A deeper search, before a
 * release or after a change to the state machine: `PROPERTY_RUNS=1000 npx vitest run review-invariants`.
 */
const RUNS = Number(process.env.PROPERTY_RUNS ?? 300);

type Step =
  | { kind: 'author'; action: 'abstract_reupload' | 'payment_added' | 'full_paper_submitted' }
  | { kind: 'status'; status: (typeof PAPER_STATUSES)[number] }
  | { kind: 'evaluate'; marks: number | null | 'clear' | 'keep' }
  | { kind: 'toggle'; submission: SubmissionKind; reset: boolean }
  | { kind: 'admin_file' }
  | { kind: 'assign' };

const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('author' as const),
    action: fc.constantFrom('abstract_reupload' as const, 'payment_added' as const, 'full_paper_submitted' as const),
  }),
  fc.record({ kind: fc.constant('status' as const), status: fc.constantFrom(...PAPER_STATUSES) }),
  fc.record({
    kind: fc.constant('evaluate' as const),
    marks: fc.oneof(fc.integer({ min: 0, max: 100 }), fc.constantFrom(null, 'clear' as const, 'keep' as const)),
  }),
  fc.record({
    kind: fc.constant('toggle' as const),
    submission: fc.constantFrom('abstract' as const, 'full_paper' as const),
    reset: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('admin_file' as const) }),
  fc.record({ kind: fc.constant('assign' as const) }),
);

/**
 * What the model expects of a step. Assigning a reviewer is refused once the paper is decided,
 * starts the review of a paper in Review Awaited, and leaves any other paper's state alone.
 */
function expectedOf(model: PaperState, step: Step): Transition {
  if (step.kind !== 'assign') return transition(model, actionOf(step));
  if (!(ASSIGNABLE_STATUSES as readonly string[]).includes(model.status)) return { ok: false, message: 'decided' };
  return model.status === 'review_awaited'
    ? transition(model, { type: 'reviewers_assigned' })
    : { ok: true, next: model };
}

/** The state-machine action a step asks for. */
function actionOf(step: Exclude<Step, { kind: 'assign' }>): PaperAction {
  switch (step.kind) {
    case 'author':
      return { type: step.action };
    case 'status':
      return { type: 'status_change', status: step.status };
    case 'evaluate':
      return { type: 'evaluation' };
    case 'toggle':
      return {
        type: `${step.submission === 'abstract' ? 'abstract' : 'fullpaper'}_${step.reset ? 'reset' : 'restore'}`,
      };
    case 'admin_file':
      return { type: 'admin_file_upload' };
  }
}

describe('review invariants', () => {
  let t: TestApp;
  let admin: PublicUser;
  let sequence = 0;

  beforeAll(async () => {
    t = await createTestApp();
    admin = presentUser((await t.app.ctx.db.insert(users).values(account('admin')).returning())[0]!);
  });
  afterAll(() => t.close());

  // Inserted directly: an argon2 hash per generated author would cost more than the whole run.
  function account(role: 'admin' | 'author') {
    sequence += 1;
    return {
      username: `Property ${role} ${sequence}`,
      email: `property.${role}.${sequence}@example.org`,
      passwordHash: 'x',
      customUserId: `ICTACEMPPROP${sequence}`,
      role,
    };
  }

  async function upload(fields: Record<string, string> = {}): Promise<ReceivedUpload> {
    const bytes = pdfBytes(`property ${sequence}`);
    const stored = await t.app.ctx.store.put(Readable.from([bytes]), {
      maxBytes: bytes.length,
      tooLargeMessage: 'too large',
    });
    return { fields, files: [{ ...stored, fileName: 'paper.pdf', signature: PDF }] };
  }

  async function perform(author: PublicUser, paperId: string, step: Step): Promise<void> {
    const ctx = t.app.ctx;
    switch (step.kind) {
      case 'author':
        if (step.action === 'abstract_reupload') await reuploadAbstract(ctx, author, paperId, await upload());
        else if (step.action === 'payment_added') await savePaymentId(ctx, author, paperId, `PAY-${sequence}`);
        else await submitFullPaper(ctx, author, paperId, await upload());
        return;
      case 'status':
        await setPaperStatus(ctx, admin, paperId, { status: step.status, review: 'Property review' });
        return;
      case 'evaluate':
        await saveEvaluation(ctx, admin, paperId, {
          marks: typeof step.marks === 'number' || step.marks === null ? step.marks : undefined,
          clearMarks: step.marks === 'clear' ? true : undefined,
          confidentialComments: 'c',
        });
        return;
      case 'toggle':
        await toggleSubmission(ctx, admin, paperId, step.submission, { reset: step.reset, reason: 'Property reason' });
        return;
      case 'admin_file':
        await uploadAdminFile(ctx, admin, paperId, await upload({ visibleToUser: 'true' }));
        return;
      case 'assign': {
        const [member] = await ctx.db
          .insert(committeeMembers)
          .values({
            name: `Property member ${sequence}`,
            email: `property.member.${(sequence += 1)}@example.org`,
            themes: [],
            maxPapers: 1000,
            status: 'accepted',
          })
          .returning();
        await assignReviewers(ctx, admin, { paperIds: [paperId], memberIds: [member!.id] });
        return;
      }
    }
  }

  async function storedState(paperId: string): Promise<PaperState> {
    const [row] = await t.app.ctx.db.select().from(papers).where(eq(papers.id, paperId));
    return paperState(t.app.ctx.db, row!);
  }

  async function changesOf(paperId: string) {
    const [row] = await t.app.ctx.db.select().from(papers).where(eq(papers.id, paperId));
    const steps = await t.app.ctx.db.select({ id: auditLog.id }).from(auditLog).where(eq(auditLog.paperId, paperId));
    const notes = await t.app.ctx.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(eq(notifications.paperId, paperId));
    return { row, steps: steps.length, notes: notes.length };
  }

  async function historyProblem(paperId: string): Promise<string | null> {
    const entries = await t.app.ctx.db
      .select({
        paperId: auditLog.paperId,
        action: auditLog.action,
        newStatus: auditLog.newStatus,
        details: auditLog.details,
        seq: auditLog.seq,
      })
      .from(auditLog)
      .where(eq(auditLog.paperId, paperId))
      .orderBy(auditLog.seq);
    return replayHistory(entries, await storedState(paperId));
  }

  it(`keeps every paper equal to the state machine's model through ${RUNS} random sequences of author, admin and assignment actions`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(stepArbitrary, { minLength: 1, maxLength: 8 }), async (steps) => {
        const author = presentUser((await t.app.ctx.db.insert(users).values(account('author')).returning())[0]!);
        const fields = {
          title: 'Property paper',
          theme: 'Aerodynamics and Fluid Mechanics',
          ictacemId: author.customUserId,
          modeOfPresentation: 'Oral',
        };
        const paper = await submitPaper(
          t.app.ctx,
          author,
          await upload({ ...fields, authors: JSON.stringify([{ name: 'A', affiliation: 'B', address: 'C' }]) }),
        );
        let model: PaperState = (transition(null, { type: 'submitted' }) as { ok: true; next: PaperState }).next;
        for (const step of steps) {
          const expected = expectedOf(model, step);
          const marksBefore = (await changesOf(paper._id)).row!.evaluationMarks;
          const refusedByNullOverMarks = step.kind === 'evaluate' && step.marks === null && marksBefore !== null;
          const before = await changesOf(paper._id);
          let refused: AppError | undefined;
          try {
            await perform(author, paper._id, step);
          } catch (error) {
            if (!(error instanceof AppError)) throw error;
            refused = error;
          }
          if (expected.ok && !refusedByNullOverMarks) {
            expect(refused, JSON.stringify(step)).toBeUndefined();
            model = expected.next;
          } else {
            expect(refused?.code, JSON.stringify(step)).toBe('conflict');
            // Refused: nothing changed, nobody told.
            expect(await changesOf(paper._id)).toEqual(before);
          }
          expect(await storedState(paper._id)).toEqual(model);
          expect(await historyProblem(paper._id)).toBeNull();
          const row = (await changesOf(paper._id)).row!;
          if (row.evaluationMarks !== null) expect(row.evaluatedBy && row.evaluatedAt).toBeTruthy();
        }
      }),
      { numRuns: RUNS },
    );
    expect(await checkReviewInvariants(t.app.ctx.db)).toEqual([]);
  }, 600_000);

  it('finds a forged step, a history that ends elsewhere, marks without an evaluator and a date in the future', async () => {
    const author = presentUser((await t.app.ctx.db.insert(users).values(account('author')).returning())[0]!);
    const fields = {
      title: 'Forged',
      theme: 'Aerodynamics and Fluid Mechanics',
      ictacemId: author.customUserId,
      modeOfPresentation: 'Oral',
    };
    const paper = await submitPaper(
      t.app.ctx,
      author,
      await upload({ ...fields, authors: JSON.stringify([{ name: 'A', affiliation: 'B', address: 'C' }]) }),
    );
    const db = t.app.ctx.db;
    expect(await checkReviewInvariants(db)).toEqual([]);

    // Status changed behind the state machine's back: the history no longer ends where the paper is.
    await db
      .update(papers)
      .set({ status: 'abstract_accepted', evaluationMarks: 70, reviewedAt: new Date(Date.now() + 86_400_000) })
      .where(eq(papers.id, paper._id));
    const problems = await checkReviewInvariants(db);
    expect(problems.map((p) => p.kind).sort()).toEqual(['evaluation', 'future_date', 'history']);
    expect(problems.find((p) => p.kind === 'history')?.detail).toContain(paper.ictacemId);

    // A payment recorded on a paper that was never accepted is not a reachable step.
    const after = { status: 'review_awaited', abstract: 'current', fullPaper: 'none', paid: true };
    const forged = [
      {
        paperId: paper._id,
        action: 'submitted',
        newStatus: 'review_awaited' as const,
        details: { after: { ...after, paid: false } },
        seq: 1,
      },
      { paperId: paper._id, action: 'payment_added', newStatus: 'review_awaited' as const, details: { after }, seq: 2 },
    ];
    expect(replayHistory(forged, after as PaperState)).toContain('not allowed');
    await db
      .update(papers)
      .set({ status: 'review_awaited', evaluationMarks: null, reviewedAt: null })
      .where(eq(papers.id, paper._id));
    expect(await checkReviewInvariants(db)).toEqual([]);
  });
});
