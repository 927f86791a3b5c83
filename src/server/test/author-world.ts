import { randomBytes } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  adminFiles,
  chatMessages,
  committeeMembers,
  committeeReviews,
  letters,
  notifications,
  papers,
  programmeRooms,
  programmeSessions,
  programmeTalks,
  authorResponses,
  reviewReleases,
  sessions,
  submissionVersions,
} from '../db/schema/index.ts';
import { hashToken, newToken } from '../lib/tokens.ts';
import { createSession } from '../modules/sessions/sessions.service.ts';
import { currentDates } from '../modules/deadlines/deadlines.service.ts';
import { publishProgramme } from '../modules/programme/programme.service.ts';
import { findLatestVersion } from '../modules/programme/programme.repository.ts';
import { AppError } from '../lib/app-error.ts';
import type { PublishedProgramme } from '@shared/schemas/programme.ts';
import { createTestUser, submissionFields, type TestUser } from './factories.ts';
import { multipart, pdfBytes } from './multipart.ts';
import { API } from './test-app.ts';

/** Every resource an author can own, each carrying `marker`, plus what the author must never see. */
export interface AuthorWorld {
  author: TestUser;
  /** A unique string planted in every resource of this world the author may see. */
  marker: string;
  paperId: string;
  abstractVersionId: string;
  /** An admin file shared with the author. */
  sharedFileId: string;
  /** An admin file kept from the author; its name, description and bytes carry `secrets`. */
  hiddenFileId: string;
  /** The author's chat message and the reviewer's answer, each with one PDF attachment. */
  authorMessageId: string;
  adminMessageId: string;
  notificationId: string;
  /** The author's approved visa letter request, its letter and the letter's verification code. */
  visaRequestId: string;
  visaLetterId: string;
  visaLetterCode: string;
  /** The author's waiting invitation to the programme committee, and its link's token. */
  committeeMemberId: string;
  committeeInvitationToken: string;
  /** The author's submitted response to the reviews (its revised abstract is the shared file's bytes). */
  responseId: string;
  /** A second signed-in session of the author, one the tests never use to call with. */
  spareSessionId: string;
  /** The confidential evaluation: marks and comments that only admins may read. */
  marks: number;
  /** Strings only admins may ever read: the evaluation comments and everything of the hidden file. */
  secrets: string[];
  /** What the published programme shows of the paper, which anyone may read. */
  published: string[];
}

/** A JSON body, or a multipart one built by `multipart()`. */
export type RequestBody = Record<string, unknown> | ReturnType<typeof multipart>;

function isMultipart(body: RequestBody): body is ReturnType<typeof multipart> {
  return Buffer.isBuffer(body.payload);
}

/** The inject options that send `body` with `headers`. */
export function withBody(body: RequestBody | undefined, headers: Record<string, string>) {
  if (!body) return { headers };
  if (isMultipart(body)) return { headers: { ...headers, ...body.headers }, payload: body.payload };
  return { headers, payload: body };
}

function uniqueMarker(prefix: string): string {
  return `${prefix}${randomBytes(6).toString('hex')}`;
}

/**
 * Builds a paper through its whole life by the real routes: accepted with review comments,
 * paid, full paper submitted, evaluated, two admin files (one shared, one hidden) and a chat
 * with attachments both ways. Every field the author may see carries the world's marker.
 */
async function spareSessionOf(app: FastifyInstance, author: TestUser): Promise<string> {
  const { token } = await createSession(app.ctx, author.user._id, {
    userAgent: 'Spare browser',
    address: '192.0.2.200',
  });
  const [row] = await app.ctx.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(eq(sessions.tokenHash, hashToken(token)));
  return row!.id;
}

export async function seedAuthorWorld(app: FastifyInstance, admin: TestUser, marks = 83): Promise<AuthorWorld> {
  const marker = uniqueMarker('MARK');
  const confidential = uniqueMarker('CONFIDENTIAL');
  const hidden = uniqueMarker('HIDDEN');
  const author = await createTestUser(app);
  const send = async (user: TestUser, method: 'PUT' | 'PATCH' | 'POST', path: string, body: RequestBody) => {
    const res = await app.inject({ method, url: `${API}${path}`, ...withBody(body, { cookie: user.cookie }) });
    if (res.statusCode >= 300) throw new Error(`${method} ${path} failed while seeding: ${res.statusCode} ${res.body}`);
    return res.json();
  };
  const fields = submissionFields({
    title: `Heated cylinder ${marker}`,
    authors: JSON.stringify([{ name: `Ada ${marker}`, affiliation: `Lab ${marker}`, address: `Street ${marker}` }]),
  });
  const { paper } = await send(
    author,
    'POST',
    '/papers/submit',
    multipart(fields, [{ field: 'paperPdf', name: `abstract-${marker}.pdf`, content: pdfBytes(`abstract ${marker}`) }]),
  );
  const paperId: string = paper._id;
  await send(admin, 'PUT', `/admin/papers/${paperId}/status`, {
    status: 'abstract_accepted',
    review: `Accepted ${marker}`,
  });
  await send(author, 'PATCH', `/papers/${paperId}/payment`, { paymentId: `PAY-${marker}` });
  // Confirmed, so the paper has a payment receipt for the sweeps to aim at.
  await send(admin, 'POST', `/admin/papers/${paperId}/payment/confirm`, {
    paymentId: `PAY-${marker}`,
    receivedOn: '2025-11-12',
    amount: '8500',
    currency: 'INR',
  });
  // Checked in at the desk, so that after the conference the paper has certificates to aim at.
  const listed = await app.inject({ url: `${API}/admin/participants?q=${marker}`, headers: { cookie: admin.cookie } });
  const participantId = (listed.json().participants as { _id: string; paper: { _id: string } | null }[]).find(
    (participant) => participant.paper?._id === paperId,
  )!._id;
  await send(admin, 'POST', '/check-in', { participantId, key: `world-${marker}-check-in` });
  const { request: visaRequest } = await send(author, 'POST', `/papers/${paperId}/visa-requests`, {
    fullNameAsInPassport: 'Ada Lovelace',
    nationality: 'British',
    passportNumber: 'GB1234567',
    dateOfBirth: '1985-12-10',
  });
  const { request: approvedVisa } = await send(admin, 'POST', `/admin/visa-requests/${visaRequest._id}/approve`, {});
  await send(
    author,
    'POST',
    `/papers/${paperId}/full-paper`,
    multipart({}, [{ field: 'fullPaperPdf', name: `full-${marker}.pdf`, content: pdfBytes(`full ${marker}`) }]),
  );
  await send(admin, 'PUT', `/admin/papers/${paperId}/evaluate`, {
    marks,
    confidentialComments: `Weak methods ${confidential}`,
  });
  await send(
    admin,
    'POST',
    `/admin/papers/${paperId}/upload-file`,
    multipart({ description: `Shared ${marker}`, visibleToUser: 'true' }, [
      { field: 'adminFile', name: `shared-${marker}.pdf`, content: pdfBytes(`shared ${marker}`) },
    ]),
  );
  await send(
    admin,
    'POST',
    `/admin/papers/${paperId}/upload-file`,
    multipart({ description: `Internal ${hidden}`, visibleToUser: 'false' }, [
      { field: 'adminFile', name: `internal-${hidden}.pdf`, content: pdfBytes(`internal ${hidden}`) },
    ]),
  );
  const question = await send(
    author,
    'POST',
    `/chat/papers/${paperId}/messages`,
    multipart({ message: `Question ${marker}` }, [
      { field: 'attachments', name: `question-${marker}.pdf`, content: pdfBytes(`question ${marker}`) },
    ]),
  );
  const answer = await send(
    admin,
    'POST',
    `/chat/papers/${paperId}/messages`,
    multipart({ message: `Answer ${marker}` }, [
      { field: 'attachments', name: `answer-${marker}.pdf`, content: pdfBytes(`answer ${marker}`) },
    ]),
  );

  const { member: invitation } = await send(admin, 'POST', '/admin/committee/invitations', {
    name: `Ada ${marker}`,
    email: author.user.email,
    themes: ['Solid Mechanics and Dynamics'],
    maxPapers: 5,
    note: `Note ${marker}`,
  });
  // The link's token is only ever in the e-mail: the world sets one it knows.
  const committeeInvitationToken = newToken();
  await app.ctx.db
    .update(committeeMembers)
    .set({ invitationTokenHash: hashToken(committeeInvitationToken) })
    .where(eq(committeeMembers.id, invitation._id));

  // A committee member's review of the paper, its comments shared with the author after the decision.
  const [reviewer] = await app.ctx.db
    .insert(committeeMembers)
    .values({
      name: `Reviewer of ${marker}`,
      email: `reviewer.${marker.toLowerCase()}@example.org`,
      themes: ['Solid Mechanics and Dynamics'],
      maxPapers: 5,
      status: 'accepted',
    })
    .returning();
  await app.ctx.db
    .insert(committeeReviews)
    .values({
      memberId: reviewer!.id,
      paperId,
      reviewerNumber: 1,
      mark: 77,
      confidence: 4,
      commentsToAuthors: `Comments ${marker}`,
      submittedAt: new Date(),
    })
    .returning();
  await app.ctx.db.update(papers).set({ lastReviewerNumber: 1 }).where(eq(papers.id, paperId));
  await app.ctx.db.insert(reviewReleases).values({ paperId, releasedBy: admin.user._id });

  // The paper in the published programme: the public schedule and its feeds name it. Written
  // directly, as two worlds seeded at once would each find the draft changed by the other.
  const { conferenceStarts } = await currentDates(app.ctx);
  const [room] = await app.ctx.db
    .insert(programmeRooms)
    .values({ name: `Room ${marker}`, capacity: 50 })
    .returning();
  const [programmeSession] = await app.ctx.db
    .insert(programmeSessions)
    .values({
      title: `Session ${marker}`,
      kind: 'oral',
      roomId: room!.id,
      startsAt: new Date(conferenceStarts),
      endsAt: new Date(Date.parse(conferenceStarts) + 60 * 60_000),
    })
    .returning();
  await app.ctx.db
    .insert(programmeTalks)
    .values({ paperId, sessionId: programmeSession!.id, position: 0, minutes: 15 });
  await publishProgramme(app.ctx, admin.user, { version: 0, confirmWarnings: true }).catch(async (error: unknown) => {
    // Two worlds seeded at once: the other's publication, made after this talk was placed, may
    // hold it already, and this one then has nothing new to publish.
    const latest = (await findLatestVersion(app.ctx.db))?.programme as PublishedProgramme | undefined;
    const published = latest?.sessions.some((session) => session.talks.some((talk) => talk.paperId === paperId));
    if (!(error instanceof AppError && error.code === 'conflict' && published)) throw error;
  });

  const [version] = await app.ctx.db
    .select()
    .from(submissionVersions)
    .where(eq(submissionVersions.paperId, paperId))
    .orderBy(asc(submissionVersions.submittedAt));
  const [notification] = await app.ctx.db
    .select()
    .from(notifications)
    .where(eq(notifications.recipientId, author.user._id));
  const visaLetterId: string = approvedVisa.letterPath.split('/').at(-1);
  const [visaLetter] = await app.ctx.db.select().from(letters).where(eq(letters.id, visaLetterId));
  const messages = await app.ctx.db.select().from(chatMessages).where(eq(chatMessages.paperId, paperId));
  const files = await app.ctx.db.select().from(adminFiles).where(eq(adminFiles.paperId, paperId));
  const shared = files.find((f) => f.visibleToUser);
  const hiddenFile = files.find((f) => !f.visibleToUser);
  if (!version || !notification || messages.length !== 2 || !shared || !hiddenFile || !visaLetter)
    throw new Error('seeding left the world incomplete');
  // The author's submitted response to the reviews, with a revised abstract (the shared file's bytes).
  const [response] = await app.ctx.db
    .insert(authorResponses)
    .values({
      paperId,
      round: 1,
      text: `Response ${marker}`,
      revisedAbstractFileId: shared.fileId,
      revisedAbstractName: `revised-${marker}.pdf`,
      draftSavedAt: new Date(),
      submittedAt: new Date(),
    })
    .returning();
  return {
    author,
    marker,
    paperId,
    abstractVersionId: version.id,
    sharedFileId: shared.id,
    responseId: response!.id,
    hiddenFileId: hiddenFile.id,
    authorMessageId: question.chatMessage._id,
    adminMessageId: answer.chatMessage._id,
    notificationId: notification.id,
    visaRequestId: visaRequest._id,
    visaLetterId,
    visaLetterCode: visaLetter.verificationCode,
    committeeMemberId: invitation._id,
    committeeInvitationToken,
    spareSessionId: await spareSessionOf(app, author),
    marks,
    secrets: [confidential, hidden],
    published: [`Heated cylinder ${marker}`, `Ada ${marker}`, `Lab ${marker}`, `Room ${marker}`, `Session ${marker}`],
  };
}
