import { currentConference } from '@shared/conference.ts';
import { CERTIFICATE_KINDS, CERTIFICATE_TEXTS, type CertificateKind } from '@shared/domain/certificates.ts';
import { formatConferenceDate } from '@shared/domain/deadlines.ts';
import type { CertificateHolder, IssuedCertificate, OwnCertificate } from '@shared/schemas/certificates.ts';
import type { PublishedProgramme } from '@shared/schemas/programme.ts';
import type { PublicUser } from '@shared/schemas/user.ts';
import type { AppContext } from '@server/context.ts';
import type { DbOrTx } from '@server/db/client.ts';
import { AppError } from '@server/lib/app-error.ts';
import { conferenceDays, currentDates } from '../deadlines/deadlines.service.ts';
import type { LetterRow } from '../letters/letters.repository.ts';
import { newVerificationCode } from '../letters/verification-code.ts';
import { PAPER_NOT_FOUND } from '../papers/paper-workflow.ts';
import { findPaper } from '../papers/papers.repository.ts';
import { canAccessPaper } from '../papers/papers.policy.ts';
import { findViews, type ParticipantView } from '../participants/participants.repository.ts';
import { syncPaperParticipants } from '../participants/participants.service.ts';
import { findLatestVersion } from '../programme/programme.repository.ts';
import * as repo from './certificates.repository.ts';

export interface CertificateFile {
  fileName: string;
  bytes: Uint8Array;
}

interface Presentation {
  title: string;
  session: string;
  form: 'talk' | 'poster';
  startsAt: string;
}

/** What every certificate decision reads once: whether the conference is over, its days, the programme. */
export interface CertificateRules {
  open: boolean;
  conferenceDays: string;
  presentations: Map<string, Presentation>;
}

export async function certificateRules(ctx: AppContext, db: DbOrTx = ctx.db): Promise<CertificateRules> {
  const dates = await currentDates(ctx, db);
  const latest = await findLatestVersion(db);
  const presentations = new Map<string, Presentation>();
  for (const session of (latest?.programme as PublishedProgramme | undefined)?.sessions ?? [])
    for (const talk of session.talks)
      presentations.set(talk.paperId, {
        title: talk.title,
        session: session.title,
        form: session.kind === 'poster' ? 'poster' : 'talk',
        startsAt: talk.startsAt,
      });
  return {
    open: ctx.now().getTime() >= new Date(dates.conferenceEnds).getTime(),
    conferenceDays: await conferenceDays(ctx, db),
    presentations,
  };
}

/** Why the participant may not have this certificate, or null when they may. */
export function refusal(rules: CertificateRules, participant: ParticipantView, kind: CertificateKind): string | null {
  if (!rules.open) return CERTIFICATE_TEXTS.notYet;
  if (kind === 'participation') return participant.checkedInAt ? null : CERTIFICATE_TEXTS.notCheckedIn;
  return participant.paperId && rules.presentations.has(participant.paperId) ? null : CERTIFICATE_TEXTS.notInProgramme;
}

/** What the certificate prints, fixed when it is issued (a reissue changes the name only). */
function certificateDetails(
  rules: CertificateRules,
  participant: ParticipantView,
  kind: CertificateKind,
): Record<string, string> {
  const common = {
    holderName: participant.name,
    affiliation: participant.affiliation,
    conference: currentConference().shortName,
  };
  const presentation = kind === 'presentation' ? rules.presentations.get(participant.paperId!) : undefined;
  if (!presentation) return { ...common, date: rules.conferenceDays };
  return {
    ...common,
    date: formatConferenceDate(presentation.startsAt),
    paperTitle: presentation.title,
    sessionTitle: presentation.session,
    form: presentation.form,
    ictacemId: participant.ictacemId ?? '',
  };
}

/**
 * The participant's certificate of the kind: the standing one, or issued now when they may have
 * it. One withdrawn by the organisers is not issued again (they reissue it if they wish).
 */
export async function certificateOf(
  db: DbOrTx,
  rules: CertificateRules,
  participant: ParticipantView,
  kind: CertificateKind,
  issuedBy: string | null,
): Promise<LetterRow> {
  const why = refusal(rules, participant, kind);
  if (why) throw new AppError('forbidden', why);
  const current = await repo.findCurrentCertificate(db, participant.id, kind);
  if (current?.withdrawnAt) throw new AppError('forbidden', CERTIFICATE_TEXTS.withdrawn);
  if (current) return current;
  const issued =
    (await repo.insertCertificateIfAbsent(db, {
      kind,
      participantId: participant.id,
      paperId: participant.paperId,
      verificationCode: newVerificationCode(),
      details: certificateDetails(rules, participant, kind),
      issuedBy,
    })) ?? (await repo.findCurrentCertificate(db, participant.id, kind));
  if (!issued) throw new Error('The certificate could not be issued.');
  return issued;
}

export const verificationUrl = (ctx: AppContext, code: string) =>
  `${ctx.config.publicUrl}${ctx.config.basePath}/verify-letter/${code}`;

/** The certificate's PDF, from the values it was issued with and today's letterhead and signatory. */
export async function renderCertificatePdf(ctx: AppContext, certificate: LetterRow): Promise<Uint8Array> {
  const { letterhead, signature } = ctx.config.documents;
  const printed = (key: string) => certificate.details[key] ?? '';
  // Loaded at the first certificate, with pdf-lib, the fonts and the QR code: not at start.
  const { renderCertificate } = await import('./certificate-pdf.ts');
  return renderCertificate({
    kind: certificate.kind as CertificateKind,
    letterhead,
    signature,
    conference: currentConference(),
    holderName: printed('holderName'),
    affiliation: printed('affiliation'),
    date: printed('date'),
    presentation:
      certificate.kind === 'presentation'
        ? { title: printed('paperTitle'), session: printed('sessionTitle'), form: printed('form') as 'talk' | 'poster' }
        : undefined,
    issuedAt: certificate.issuedAt,
    verificationCode: certificate.verificationCode,
    verificationUrl: verificationUrl(ctx, certificate.verificationCode),
  });
}

/** ASCII only, unique by its code: "certificate_of_participation_K7QD-9XMP-3RTA-W2HF.pdf". */
export const certificateFileName = (certificate: LetterRow) =>
  `certificate_of_${certificate.kind}_${certificate.verificationCode}.pdf`;

async function participantView(db: DbOrTx, participantId: string): Promise<ParticipantView | undefined> {
  const [view] = await findViews(db, { ids: [participantId] });
  return view;
}

/** The participant of a paper the actor may see; another author's paper is the same 404 as none. */
async function participantOfPaper(ctx: AppContext, actor: PublicUser, paperId: string) {
  const paper = await findPaper(ctx.db, paperId);
  if (!paper || !canAccessPaper(actor, paper)) throw new AppError('not_found', PAPER_NOT_FOUND);
  await syncPaperParticipants(ctx.db);
  const participantId = await repo.findParticipantIdOfPaper(ctx.db, paperId);
  return participantId ? participantView(ctx.db, participantId) : undefined;
}

/** The certificates of the author's paper: each kind with its download, or why not. */
export async function listOwnCertificates(ctx: AppContext, actor: PublicUser, paperId: string) {
  const participant = await participantOfPaper(ctx, actor, paperId);
  const rules = await certificateRules(ctx);
  const certificates: OwnCertificate[] = [];
  for (const kind of CERTIFICATE_KINDS) {
    const current = participant && (await repo.findCurrentCertificate(ctx.db, participant.id, kind));
    const why = !participant
      ? rules.open
        ? CERTIFICATE_TEXTS.notCheckedIn
        : CERTIFICATE_TEXTS.notYet
      : (refusal(rules, participant, kind) ?? (current?.withdrawnAt ? CERTIFICATE_TEXTS.withdrawn : null));
    certificates.push({
      kind,
      holderName: current?.details.holderName ?? participant?.name ?? '',
      downloadPath: why ? null : `${ctx.config.basePath}/api/papers/${paperId}/certificates/${kind}`,
      reason: why,
    });
  }
  return { certificates };
}

/** The author's own certificate (their paper's presenting author's), issued on first download. */
export async function getOwnCertificate(
  ctx: AppContext,
  actor: PublicUser,
  paperId: string,
  kind: CertificateKind,
): Promise<CertificateFile> {
  const participant = await participantOfPaper(ctx, actor, paperId);
  const rules = await certificateRules(ctx);
  if (!participant)
    throw new AppError('forbidden', rules.open ? CERTIFICATE_TEXTS.notCheckedIn : CERTIFICATE_TEXTS.notYet);
  const certificate = await certificateOf(ctx.db, rules, participant, kind, actor.role === 'admin' ? actor._id : null);
  return { fileName: certificateFileName(certificate), bytes: await renderCertificatePdf(ctx, certificate) };
}

/** A participant's certificate for the organisers, issued on first download. */
export async function getParticipantCertificate(
  ctx: AppContext,
  admin: PublicUser,
  participantId: string,
  kind: CertificateKind,
): Promise<CertificateFile> {
  const participant = await participantView(ctx.db, participantId);
  if (!participant) throw new AppError('not_found', CERTIFICATE_TEXTS.participantNotFound);
  const certificate = await certificateOf(ctx.db, await certificateRules(ctx), participant, kind, admin._id);
  return { fileName: certificateFileName(certificate), bytes: await renderCertificatePdf(ctx, certificate) };
}

function presentIssued(row: LetterRow): IssuedCertificate {
  return {
    _id: row.id,
    kind: row.kind as CertificateKind,
    holderName: row.details.holderName ?? '',
    verificationCode: row.verificationCode,
    issuedAt: row.issuedAt.toISOString(),
    withdrawnAt: row.withdrawnAt?.toISOString() ?? null,
    replacedBy: row.replacedById,
  };
}

/** Every participant, the certificates they may have and those issued to them. */
export async function listHolders(ctx: AppContext): Promise<{ open: boolean; holders: CertificateHolder[] }> {
  const rules = await certificateRules(ctx);
  await syncPaperParticipants(ctx.db);
  const participants = await findViews(ctx.db);
  const issued = new Map<string, LetterRow[]>();
  for (const row of await repo.findCertificates(ctx.db, null))
    if (row.participantId) issued.set(row.participantId, [...(issued.get(row.participantId) ?? []), row]);
  return {
    open: rules.open,
    holders: participants.map((participant) => ({
      participantId: participant.id,
      name: participant.name,
      email: participant.email,
      role: participant.role,
      ictacemId: participant.ictacemId,
      eligible: CERTIFICATE_KINDS.filter((kind) => refusal(rules, participant, kind) === null),
      certificates: (issued.get(participant.id) ?? []).map(presentIssued),
    })),
  };
}

/** Withdraws a certificate: its code then says so, and it is not issued again unless reissued. */
export async function withdrawCertificate(ctx: AppContext, admin: PublicUser, letterId: string) {
  const found = await repo.findCertificate(ctx.db, letterId);
  if (!found) throw new AppError('not_found', CERTIFICATE_TEXTS.notFound);
  const withdrawn = (await repo.withdraw(ctx.db, letterId, admin._id, ctx.now())) ?? found;
  return presentIssued(withdrawn);
}

/**
 * A new certificate with a corrected name, its own code, the rest as the old one printed; the old
 * one is withdrawn and points at it, so its code says it was replaced and the history stays.
 */
export async function reissueCertificate(ctx: AppContext, admin: PublicUser, letterId: string, holderName: string) {
  return ctx.db.transaction(async (tx) => {
    const old = await repo.lockCertificate(tx, letterId);
    if (!old) throw new AppError('not_found', CERTIFICATE_TEXTS.notFound);
    if (old.replacedById) throw new AppError('conflict', CERTIFICATE_TEXTS.alreadyReplaced);
    // Withdrawn first: the participant holds one standing certificate of a kind at a time.
    await repo.withdraw(tx, old.id, admin._id, ctx.now());
    const issued = await repo.insertCertificateIfAbsent(tx, {
      kind: old.kind,
      participantId: old.participantId,
      paperId: old.paperId,
      verificationCode: newVerificationCode(),
      details: { ...old.details, holderName },
      issuedBy: admin._id,
      // The clock's time, not the transaction's start: the newest is the one the history ends with.
      issuedAt: ctx.now(),
    });
    if (!issued) throw new AppError('conflict', CERTIFICATE_TEXTS.alreadyReplaced);
    await repo.setReplacedBy(tx, old.id, issued.id);
    return presentIssued(issued);
  });
}

/** Marks certificates as e-mailed, in the transaction that queues their mail (jobs/certificates-mail.job.ts). */
export function markCertificatesMailed(tx: DbOrTx, letterIds: string[], at: Date): Promise<void> {
  return repo.markMailed(tx, letterIds, at);
}

/** Every certificate participants may have, issued as reached: the ZIP's and the e-mails' source. */
export async function* eligibleCertificates(
  ctx: AppContext,
  issuedBy: string | null,
): AsyncGenerator<{ participant: ParticipantView; certificates: LetterRow[] }> {
  const rules = await certificateRules(ctx);
  await syncPaperParticipants(ctx.db);
  for (const participant of await findViews(ctx.db)) {
    const certificates: LetterRow[] = [];
    for (const kind of CERTIFICATE_KINDS) {
      if (refusal(rules, participant, kind)) continue;
      const current = await repo.findCurrentCertificate(ctx.db, participant.id, kind);
      if (current?.withdrawnAt) continue;
      certificates.push(current ?? (await certificateOf(ctx.db, rules, participant, kind, issuedBy)));
    }
    if (certificates.length > 0) yield { participant, certificates };
  }
}

/** How many participants have a certificate to send or zip. */
export async function countEligible(ctx: AppContext): Promise<number> {
  const rules = await certificateRules(ctx);
  await syncPaperParticipants(ctx.db);
  return (await findViews(ctx.db)).filter((p) => CERTIFICATE_KINDS.some((kind) => !refusal(rules, p, kind))).length;
}
