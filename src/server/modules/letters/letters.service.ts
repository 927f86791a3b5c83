import type { Readable } from 'node:stream';
import { currentConference } from '@shared/conference.ts';
import { LETTER_TEXTS } from '@shared/domain/letters.ts';
import { type VerifiedLetter } from '@shared/schemas/letters.ts';
import type { PublicUser } from '@shared/schemas/user.ts';
import type { AppContext } from '@server/context.ts';
import type { DbOrTx } from '@server/db/client.ts';
import { AppError } from '@server/lib/app-error.ts';
import { type ZipEntry, zipStream } from '@server/lib/zip-archive.ts';
import { PAPER_NOT_FOUND } from '../papers/paper-workflow.ts';
import { conferenceDays } from '../deadlines/deadlines.service.ts';
import { canAccessPaper } from '../papers/papers.policy.ts';
import { presentVerifiedCertificate, presentVerifiedLetter, presentVerifiedReceipt } from './letters.presenter.ts';
import * as repo from './letters.repository.ts';
import { newVerificationCode, normalizeVerificationCode } from './verification-code.ts';
import type { VisaRequestRow } from './visa-requests.repository.ts';

export interface LetterFile {
  fileName: string;
  bytes: Uint8Array;
}

/** Papers read per query while the ZIP of acceptance letters streams. */
const ZIP_BATCH = 100;

/** An accepted paper has a letter; anything else (review, declined, removed) takes it back. */
export const isAcceptedStatus = (status: string | null | undefined) => status === 'abstract_accepted';

/** ICTACEM IDs are the server's own, but a file name takes no chances. */
const fileNameOf = (ictacemId: string, what: string) => `${ictacemId.replace(/[^A-Za-z0-9._-]/g, '_')}_${what}.pdf`;

/** The paper if the actor may see it; otherwise the same 404 as a paper that does not exist. */
export async function accessiblePaperForLetter(
  db: DbOrTx,
  actor: PublicUser,
  paperId: string,
): Promise<repo.PaperForLetter> {
  const paper = await repo.findPaperForLetter(db, paperId);
  if (!paper || !canAccessPaper(actor, paper)) throw new AppError('not_found', PAPER_NOT_FOUND);
  return paper;
}

/**
 * The values an acceptance letter prints. The name is the paper's first author's, with their
 * affiliation, as the paper lists them: the letter certifies that paper, and the account's name is
 * whatever was typed at sign-up, with no affiliation; the account's name stands in only for a
 * paper without an author list.
 */
function acceptanceDetails(paper: repo.PaperForLetter): Record<string, string> {
  return {
    authorName: paper.firstAuthorName ?? paper.accountName,
    authorAffiliation: paper.firstAuthorAffiliation ?? '',
    paperTitle: paper.title,
    ictacemId: paper.ictacemId,
    decisionDate: (paper.reviewedAt ?? new Date()).toISOString(),
  };
}

/** The paper's acceptance letter: issued on first need, the same letter and code every time after. */
async function acceptanceLetterOf(
  db: DbOrTx,
  paper: repo.PaperForLetter,
  issuedBy: string | null,
): Promise<repo.LetterRow> {
  const existing = await repo.findLetterOfPaper(db, paper.id, 'acceptance');
  if (existing) return existing;
  const issued =
    (await repo.insertLetterIfAbsent(db, {
      kind: 'acceptance',
      paperId: paper.id,
      userId: paper.userId,
      verificationCode: newVerificationCode(),
      details: acceptanceDetails(paper),
      issuedBy,
    })) ?? (await repo.findLetterOfPaper(db, paper.id, 'acceptance'));
  if (!issued) throw new Error(`The acceptance letter of paper ${paper.id} could not be issued.`);
  return issued;
}

/** Issues the visa letter of an approved request, inside the approval's transaction. */
export async function issueVisaLetter(
  db: DbOrTx,
  request: VisaRequestRow,
  paper: repo.PaperForLetter,
  adminId: string,
): Promise<repo.LetterRow> {
  const issued = await repo.insertLetterIfAbsent(db, {
    kind: 'visa',
    paperId: paper.id,
    userId: request.userId,
    verificationCode: newVerificationCode(),
    details: {
      fullNameAsInPassport: request.fullNameAsInPassport,
      nationality: request.nationality,
      passportNumber: request.passportNumber,
      dateOfBirth: request.dateOfBirth,
      paperTitle: paper.title,
      ictacemId: paper.ictacemId,
      paymentId: paper.paymentId,
    },
    issuedBy: adminId,
  });
  // Only a verification code already in use (one chance in 2^80) leaves nothing inserted.
  if (!issued) throw new Error('The visa letter could not be issued.');
  return issued;
}

/** The letter's PDF, from the values it was issued with and today's letterhead and signatory. */
async function renderLetterPdf(ctx: AppContext, letter: repo.LetterRow): Promise<Uint8Array> {
  const { letterhead, signature } = ctx.config.documents;
  const common = {
    letterhead,
    signature,
    conference: { ...currentConference(), dates: await conferenceDays(ctx) },
    issuedAt: letter.issuedAt,
    verificationCode: letter.verificationCode,
    verificationUrl: `${ctx.config.publicUrl}${ctx.config.basePath}/verify-letter/${letter.verificationCode}`,
  };
  const d = letter.details;
  const printed = (key: string) => d[key] ?? '';
  // Loaded at the first letter, with pdf-lib, the fonts and the QR code: not at start.
  const { renderAcceptanceLetter, renderVisaLetter } = await import('./letter-pdf.ts');
  if (letter.kind === 'visa') {
    return renderVisaLetter({
      ...common,
      fullNameAsInPassport: printed('fullNameAsInPassport'),
      nationality: printed('nationality'),
      passportNumber: printed('passportNumber'),
      dateOfBirth: printed('dateOfBirth'),
      paperTitle: printed('paperTitle'),
      ictacemId: printed('ictacemId'),
      paymentId: printed('paymentId'),
    });
  }
  return renderAcceptanceLetter({
    ...common,
    authorName: printed('authorName'),
    authorAffiliation: printed('authorAffiliation'),
    paperTitle: printed('paperTitle'),
    ictacemId: printed('ictacemId'),
    decisionDate: new Date(printed('decisionDate')),
  });
}

/** The acceptance letter of an accepted paper, for its author or an admin. */
export async function getAcceptanceLetter(ctx: AppContext, actor: PublicUser, paperId: string): Promise<LetterFile> {
  const paper = await accessiblePaperForLetter(ctx.db, actor, paperId);
  if (!isAcceptedStatus(paper.status)) {
    const message =
      actor.role === 'admin' ? LETTER_TEXTS.acceptanceNotAcceptedAdmin : LETTER_TEXTS.acceptanceNotAccepted;
    throw new AppError('forbidden', message);
  }
  const letter = await acceptanceLetterOf(ctx.db, paper, actor.role === 'admin' ? actor._id : null);
  return { fileName: fileNameOf(paper.ictacemId, 'acceptance_letter'), bytes: await renderLetterPdf(ctx, letter) };
}

/** An issued visa letter of the paper; for its author only while the paper is accepted. */
export async function getVisaLetter(
  ctx: AppContext,
  actor: PublicUser,
  paperId: string,
  letterId: string,
): Promise<LetterFile> {
  const paper = await accessiblePaperForLetter(ctx.db, actor, paperId);
  const letter = await repo.findLetterOfPaper(ctx.db, paper.id, 'visa', letterId);
  if (!letter) throw new AppError('not_found', LETTER_TEXTS.letterNotFound);
  if (actor.role !== 'admin' && !isAcceptedStatus(paper.status))
    throw new AppError('forbidden', LETTER_TEXTS.letterWithdrawn);
  return {
    fileName: fileNameOf(paper.ictacemId, 'visa_invitation_letter'),
    bytes: await renderLetterPdf(ctx, letter),
  };
}

/**
 * Every accepted paper's acceptance letter in one ZIP, issuing those not issued yet. Papers are
 * read a batch at a time and each PDF is made when the archive reaches it.
 */
export async function getAcceptanceLettersZip(ctx: AppContext, admin: PublicUser): Promise<Readable> {
  const first = await repo.findAcceptedPapersAfter(ctx.db, null, ZIP_BATCH);
  if (first.length === 0) throw new AppError('not_found', LETTER_TEXTS.noAcceptedPapers);
  async function* entries(): AsyncGenerator<ZipEntry> {
    for (let batch = first; batch.length > 0;) {
      const ids = batch.map((paper) => paper.id);
      const issued = new Map((await repo.findAcceptanceLetters(ctx.db, ids)).map((l) => [l.paperId, l]));
      for (const paper of batch) {
        const letter = issued.get(paper.id) ?? (await acceptanceLetterOf(ctx.db, paper, admin._id));
        yield { name: fileNameOf(paper.ictacemId, 'acceptance_letter'), open: () => renderLetterPdf(ctx, letter) };
      }
      batch = batch.length < ZIP_BATCH ? [] : await repo.findAcceptedPapersAfter(ctx.db, batch.at(-1)!.id, ZIP_BATCH);
    }
  }
  return zipStream(entries());
}

type FoundLetter = NonNullable<Awaited<ReturnType<typeof repo.findLetterByCode>>>;

/** Per kind of document: what the page may say of it, and whether it still stands. */
const VERIFIERS: Record<VerifiedLetter['kind'], (ctx: AppContext, found: FoundLetter) => Promise<VerifiedLetter>> = {
  acceptance: async (_, found) => presentVerifiedLetter(found.letter, !isAcceptedStatus(found.paperStatus)),
  visa: async (_, found) => presentVerifiedLetter(found.letter, !isAcceptedStatus(found.paperStatus)),
  // Withdrawn once its confirmation no longer stands (the paper is gone, or a later decision superseded it).
  receipt: async (ctx, { letter }) =>
    presentVerifiedReceipt(
      letter,
      !(letter.paperId && (await repo.receiptStands(ctx.db, letter.paperId, Number(letter.details.receiptNumber)))),
    ),
  // Withdrawn only by an organiser, or by a reissue that replaced it (modules/certificates).
  participation: async (_, { letter }) => presentVerifiedCertificate(letter),
  presentation: async (_, { letter }) => presentVerifiedCertificate(letter),
};

/** What the public verification page may say about the letter with this code. */
export async function verifyLetter(
  ctx: AppContext,
  typedCode: string,
): Promise<{ valid: boolean; letter: VerifiedLetter | null }> {
  const code = normalizeVerificationCode(typedCode);
  const found = code ? await repo.findLetterByCode(ctx.db, code) : undefined;
  const verify = found && VERIFIERS[found.letter.kind as VerifiedLetter['kind']];
  if (!found || !verify) return { valid: false, letter: null };
  const letter = await verify(ctx, found);
  return { valid: !letter.withdrawn, letter };
}
