import { isRealPaymentId } from '@shared/domain/payment.ts';
import {
  type DeskParticipant,
  type Participant,
  type ParticipantBody,
  PARTICIPANT_MESSAGES,
  type ParticipantPaymentState,
  type ParticipantRole,
  type ParticipantsQuery,
} from '@shared/schemas/participants.ts';
import type { PublicUser } from '@shared/schemas/user.ts';
import type { AppContext } from '@server/context.ts';
import { type DbOrTx, isUniqueViolation } from '@server/db/client.ts';
import { AppError } from '@server/lib/app-error.ts';
import { newBadgeToken, newSigningSecret, signedBadgeCode, verifiedBadgeToken } from './badge-code.ts';
import { parseParticipantsCsv } from './participants-csv.ts';
import * as repo from './participants.repository.ts';

/**
 * The people who attend (docs/architecture.md, "Participants"): every accepted paper's presenting
 * author, added on first need, and the people organisers add by form or CSV import.
 */
export async function syncPaperParticipants(db: DbOrTx): Promise<void> {
  const missing = await repo.papersWithoutParticipant(db);
  await repo.insertPaperParticipants(
    db,
    missing.map((paperId) => ({ paperId, badgeToken: newBadgeToken() })),
  );
}

export function paymentStateOf(view: repo.ParticipantView): ParticipantPaymentState | null {
  if (!view.paperId) return null;
  if (view.paymentConfirmed) return 'confirmed';
  if (isRealPaymentId(view.paymentId)) return 'entered';
  return view.paymentRejected ? 'rejected' : 'unpaid';
}

const checkInOf = (view: repo.ParticipantView) =>
  view.checkedInAt ? { at: view.checkedInAt.toISOString(), byName: view.checkedInByName ?? 'Unknown' } : null;

export function presentDesk(view: repo.ParticipantView): DeskParticipant {
  return {
    _id: view.id,
    name: view.name,
    affiliation: view.affiliation,
    role: view.role as ParticipantRole,
    paymentState: paymentStateOf(view),
    checkIn: checkInOf(view),
  };
}

async function present(db: DbOrTx, views: repo.ParticipantView[]): Promise<Participant[]> {
  const paperIds = views.flatMap((view) => (view.paperId ? [view.paperId] : []));
  const authors = new Map<string, { position: number; name: string }[]>();
  for (const author of await repo.authorsOfPapers(db, paperIds))
    authors.set(author.paperId, [
      ...(authors.get(author.paperId) ?? []),
      { position: author.position, name: author.name },
    ]);
  return views.map((view) => ({
    ...presentDesk(view),
    email: view.email,
    paper: view.paperId
      ? {
          _id: view.paperId,
          ictacemId: view.ictacemId ?? '',
          presenterPosition: view.presenterPosition,
          authors: authors.get(view.paperId) ?? [],
        }
      : null,
  }));
}

/** The filtered list's rows, as the badges and the list read them. */
export async function filteredViews(ctx: AppContext, query: ParticipantsQuery & { ids?: string[] }) {
  await syncPaperParticipants(ctx.db);
  const views = await repo.findViews(ctx.db, {
    role: query.role,
    checkedIn: query.checkedIn === undefined ? undefined : query.checkedIn === 'yes',
    text: query.q || undefined,
    ids: query.ids,
  });
  if (!query.payment) return views;
  return views.filter((view) => (paymentStateOf(view) ?? 'none') === query.payment);
}

export async function listParticipants(ctx: AppContext, query: ParticipantsQuery): Promise<Participant[]> {
  return present(ctx.db, await filteredViews(ctx, query));
}

async function presentOne(ctx: AppContext, id: string): Promise<Participant> {
  const [view] = await repo.findViews(ctx.db, { ids: [id] });
  if (!view) throw new AppError('not_found', PARTICIPANT_MESSAGES.notFound);
  return (await present(ctx.db, [view]))[0]!;
}

async function uniqueEmail<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('conflict', PARTICIPANT_MESSAGES.duplicateEmail);
    throw error;
  }
}

export async function addParticipant(ctx: AppContext, actor: PublicUser, body: ParticipantBody) {
  const row = await uniqueEmail(() =>
    repo.insertAdded(ctx.db, { ...body, badgeToken: newBadgeToken(), createdBy: actor._id }),
  );
  return { message: PARTICIPANT_MESSAGES.added, participant: await presentOne(ctx, row.id) };
}

async function existing(ctx: AppContext, id: string): Promise<repo.ParticipantRecord> {
  const row = await repo.findRecord(ctx.db, id);
  if (!row) throw new AppError('not_found', PARTICIPANT_MESSAGES.notFound);
  return row;
}

export async function updateAdded(ctx: AppContext, id: string, body: ParticipantBody) {
  const row = await existing(ctx, id);
  if (row.paperId) throw new AppError('conflict', PARTICIPANT_MESSAGES.paperRowFixed);
  await uniqueEmail(() => repo.updateRecord(ctx.db, id, { ...body, updatedAt: ctx.now() }));
  return { message: PARTICIPANT_MESSAGES.saved, participant: await presentOne(ctx, id) };
}

/** A paper's presenting author: another author of the paper, or another role. */
export async function updatePresenter(
  ctx: AppContext,
  id: string,
  body: { presenterPosition: number; role: ParticipantRole },
) {
  const row = await existing(ctx, id);
  if (!row.paperId) throw new AppError('bad_request', PARTICIPANT_MESSAGES.notFound);
  const authors = await repo.authorsOfPapers(ctx.db, [row.paperId]);
  if (!authors.some((author) => author.position === body.presenterPosition))
    throw new AppError('bad_request', PARTICIPANT_MESSAGES.noSuchAuthor);
  await repo.updateRecord(ctx.db, id, { ...body, updatedAt: ctx.now() });
  return { message: PARTICIPANT_MESSAGES.saved, participant: await presentOne(ctx, id) };
}

export async function removeParticipant(ctx: AppContext, id: string) {
  const row = await existing(ctx, id);
  if (row.paperId) throw new AppError('conflict', PARTICIPANT_MESSAGES.paperRowNotRemovable);
  // Its certificates would outlive it, still verifying, on no organiser's list.
  if (!(await repo.deleteRecordWithoutStandingCertificate(ctx.db, id)))
    throw new AppError('conflict', PARTICIPANT_MESSAGES.holdsCertificates);
  return { message: PARTICIPANT_MESSAGES.removed };
}

/** A new badge token: the reprinted badge's code works, the lost one's is refused from now on. */
export async function reissueBadgeToken(ctx: AppContext, id: string) {
  await existing(ctx, id);
  await repo.updateRecord(ctx.db, id, { badgeToken: newBadgeToken(), updatedAt: ctx.now() });
  return { message: PARTICIPANT_MESSAGES.badgeReplaced };
}

function decodedFile(file: string): Buffer {
  return Buffer.from(file, 'base64');
}

export async function previewImport(ctx: AppContext, file: string) {
  const parsed = await parseParticipantsCsv(decodedFile(file), (emails) => repo.addedEmails(ctx.db, emails));
  return {
    fileProblem: parsed.fileProblem,
    lines: parsed.lines.map(({ valid: _valid, ...line }) => line),
    importable: parsed.lines.filter((line) => line.valid).length,
  };
}

/** Imports the lines without a problem, all or none, once the organiser confirmed the preview. */
export async function confirmImport(ctx: AppContext, actor: PublicUser, file: string) {
  const parsed = await parseParticipantsCsv(decodedFile(file), (emails) => repo.addedEmails(ctx.db, emails));
  if (parsed.fileProblem) throw new AppError('bad_request', parsed.fileProblem);
  const valid = parsed.lines.flatMap((line) => (line.valid ? [line.valid] : []));
  if (valid.length === 0) throw new AppError('bad_request', PARTICIPANT_MESSAGES.csvNothingToImport);
  await uniqueEmail(() =>
    ctx.db.transaction(async (tx) => {
      for (const body of valid)
        await repo.insertAdded(tx, { ...body, badgeToken: newBadgeToken(), createdBy: actor._id });
    }),
  );
  const skipped = parsed.lines.length - valid.length;
  return {
    message: `${valid.length} participant${valid.length === 1 ? '' : 's'} imported${skipped ? `, ${skipped} line${skipped === 1 ? '' : 's'} skipped` : ''}.`,
    imported: valid.length,
    skipped,
  };
}

export async function badgeSecret(ctx: AppContext): Promise<string> {
  return repo.signingSecret(ctx.db, newSigningSecret());
}

export async function badgeCodeOf(ctx: AppContext, badgeToken: string): Promise<string> {
  return signedBadgeCode(await badgeSecret(ctx), badgeToken);
}

/** The participant a scanned code names; anything forged, altered or out of date is refused. */
export async function participantOfCode(ctx: AppContext, code: string): Promise<repo.ParticipantView> {
  const token = verifiedBadgeToken(await badgeSecret(ctx), code);
  const [view] = token ? await repo.findViews(ctx.db, { badgeToken: token }) : [];
  if (!view) throw new AppError('not_found', PARTICIPANT_MESSAGES.notABadge);
  return view;
}

export async function listVolunteers(ctx: AppContext) {
  return repo.findVolunteers(ctx.db);
}

/** Makes an existing account a volunteer's: it can then reach the Check-in page and nothing else. */
export async function grantVolunteer(ctx: AppContext, email: string) {
  const user = await repo.findUserByEmail(ctx.db, email);
  if (!user) throw new AppError('not_found', PARTICIPANT_MESSAGES.noAccount);
  if (user.role === 'admin' || (await repo.userHasPaper(ctx.db, user.id)))
    throw new AppError('conflict', PARTICIPANT_MESSAGES.accountNotGrantable);
  await repo.setUserRole(ctx.db, user.id, 'volunteer');
  // A session remembered with the old role would keep it for up to 30 s (lib/session-cache.ts).
  ctx.sessions.forgetUser(user.id);
  return {
    message: PARTICIPANT_MESSAGES.volunteerGranted,
    volunteer: { _id: user.id, username: user.username, email: user.email },
  };
}

export async function revokeVolunteer(ctx: AppContext, userId: string) {
  const volunteers = await repo.findVolunteers(ctx.db);
  if (!volunteers.some((volunteer) => volunteer._id === userId))
    throw new AppError('not_found', PARTICIPANT_MESSAGES.notFound);
  await repo.setUserRole(ctx.db, userId, 'author');
  ctx.sessions.forgetUser(userId);
  return { message: PARTICIPANT_MESSAGES.volunteerRevoked };
}
