import type { FastifyInstance } from 'fastify';
import type { ApiRoute } from '../plugins/auth.ts';
import type { AuthorWorld, RequestBody } from './author-world.ts';
import { multipart, pdfBytes } from './multipart.ts';
import { API } from './test-app.ts';

/** A route as the tables below name it: method and path below /api, e.g. `GET /papers/:id`. */
export function routeKey(route: ApiRoute): string {
  return `${route.method} ${route.url.slice(API.length)}`;
}

/** Every API route the app registered, once per method; HEAD mirrors GET and is left out. */
export function registeredRoutes(app: FastifyInstance): ApiRoute[] {
  return app.apiRoutes.filter((r) => r.method !== 'HEAD');
}

function paramNames(url: string): string[] {
  return [...url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
}

/** The route's URL with its :params filled; a param without a value fails loudly, never silently. */
export function fillParams(route: ApiRoute, values: Record<string, string>): string {
  return route.url.replace(/:(\w+)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${routeKey(route)}: no value for :${name}; add it to the route table`);
    return encodeURIComponent(value);
  });
}

const DUMMY_UUID = '00000000-0000-4000-8000-000000000000';

/** A well-formed value for every param, pointing at nothing. */
export function dummyParams(route: ApiRoute): Record<string, string> {
  return Object.fromEntries(paramNames(route.url).map((name) => [name, DUMMY_UUID]));
}

/**
 * The routes anyone may call. A new public route fails the sweep until it is added here, so
 * opening a route to visitors is always a reviewed decision.
 */
export const PUBLIC_ROUTES = [
  'GET /health',
  'GET /health/ready',
  'POST /auth/register',
  'GET /auth/registration-status',
  'GET /auth/session',
  'GET /auth/captcha',
  'POST /auth/login',
  'POST /auth/logout',
  'POST /auth/forgot-password',
  'PUT /auth/reset-password/:token',
  'GET /letters/verify/:code',
  'GET /settings/deadlines',
  'GET /settings/review-mode',
  // The published programme (modules/programme): the public Event Schedule reads it.
  'GET /programme',
  'GET /programme/schedule.:format',
  'GET /programme/events/:eventId/calendar.ics',
  'GET /programme/programme.pdf',
  // The live updates' public stream: only the programme's publications (modules/live-events).
  'GET /events/public',
  // A committee invitation's link: its unguessable token is the credential (modules/committee).
  'GET /committee/invitations/:token',
  'POST /committee/invitations/:token/accept',
  'POST /committee/invitations/:token/decline',
  // The members who agreed to be named on the Committee page (modules/committee).
  'GET /committee/public',
  // The public pages' texts (modules/site-content).
  'GET /site-content',
];

/**
 * Routes that answer with an open event stream (modules/live-events): a sweep that reads whole
 * answers through inject() would wait on them for ever. Their access and refusals are tested
 * on a real connection in live-events.test.ts.
 */
export const STREAM_ROUTES = ['GET /events', 'GET /events/public'];
export const isStreamRoute = (route: ApiRoute) => STREAM_ROUTES.includes(routeKey(route));

/** How to aim each id-bearing public route at `target`'s resources. */
export const PUBLIC_ID_ROUTES: Record<string, (target: AuthorWorld) => TargetedRequest[]> = {
  'GET /letters/verify/:code': (t) => [{ params: { code: t.visaLetterCode } }],
  'GET /committee/invitations/:token': (t) => [{ params: { token: t.committeeInvitationToken } }],
  // Not an id: the feeds' formats, the same for everyone.
  'GET /programme/schedule.:format': () => ['ics', 'json', 'xml'].map((format) => ({ params: { format } })),
  // A talk's "Add to calendar": published for everyone, like the schedule it is part of.
  'GET /programme/events/:eventId/calendar.ics': (t) => [{ params: { eventId: t.paperId } }],
};

/** Admin routes name their params consistently; these values aim them at one author's resources. */
export function adminParams(target: AuthorWorld): Record<string, string> {
  return {
    userId: target.author.user._id,
    paperId: target.paperId,
    fileId: target.sharedFileId,
    entryId: target.abstractVersionId,
    kind: 'abstract',
    requestId: target.visaRequestId,
    letterId: target.visaLetterId,
    // Messages and templates are the organisers' own, nothing of an author's to aim at.
    messageId: DUMMY_UUID,
    templateId: DUMMY_UUID,
    // A real e-mail template (a site-wide text, nobody's own): refused all the same.
    key: 'decision_accepted',
    jobId: DUMMY_UUID,
    mailId: DUMMY_UUID,
    memberId: target.committeeMemberId,
    // Rooms and sessions are the organisers' own, nothing of an author's to aim at.
    roomId: DUMMY_UUID,
    sessionId: DUMMY_UUID,
    // Fee categories are the conference's, nobody's own.
    categoryId: DUMMY_UUID,
    // Payment statements and their rows are the organisers' imports, nobody's own.
    statementId: DUMMY_UUID,
    rowId: DUMMY_UUID,
    responseId: target.responseId,
    // Participants are the conference's list, nobody's own account.
    participantId: DUMMY_UUID,
    certificateKind: 'participation',
  };
}

export interface TargetedRequest {
  params: Record<string, string>;
  body?: RequestBody;
}

const pdfUpload = (field: string) => multipart({}, [{ field, name: 'attack.pdf', content: pdfBytes('attack') }]);

/**
 * How to aim each id-bearing author route at `target`'s resources, sent by the owner of
 * `own`: first with every id from `target`, then mixing the caller's own paper with
 * `target`'s sub-resources (a file or message of another paper reached through one's own).
 * With `target === own` the same table lists an author's legitimate requests.
 * A new id-bearing author route fails the sweep until it is added here.
 */
export const AUTHOR_ID_ROUTES: Record<string, (target: AuthorWorld, own: AuthorWorld) => TargetedRequest[]> = {
  'GET /papers/:id': (t) => [{ params: { id: t.paperId } }],
  'GET /papers/view/:id': (t) => [{ params: { id: t.paperId } }],
  'GET /papers/view-full/:id': (t) => [{ params: { id: t.paperId } }],
  'GET /papers/:id/reviewer-comments': (t) => [{ params: { id: t.paperId } }],
  'GET /papers/:id/response': (t) => [{ params: { id: t.paperId } }],
  'PUT /papers/:id/response/draft': (t) => [{ params: { id: t.paperId }, body: { text: 'Written for someone else' } }],
  'POST /papers/:id/response/submit': (t) => [
    { params: { id: t.paperId }, body: { text: 'Submitted for someone else' } },
  ],
  'POST /papers/:id/response/revised-abstract': (t) => [
    { params: { id: t.paperId }, body: pdfUpload('revisedAbstractPdf') },
  ],
  'DELETE /papers/:id/response/revised-abstract': (t) => [{ params: { id: t.paperId } }],
  'GET /papers/:id/response/revised-abstract': (t) => [{ params: { id: t.paperId } }],
  'PATCH /papers/:id/payment': (t) => [{ params: { id: t.paperId }, body: { paymentId: 'PAY-BY-SOMEONE-ELSE' } }],
  'GET /papers/:id/fees': (t) => [{ params: { id: t.paperId } }],
  'PUT /papers/:id/fee-category': (t) => [{ params: { id: t.paperId }, body: { categoryId: DUMMY_UUID } }],
  'POST /papers/:id/re-upload-abstract': (t) => [{ params: { id: t.paperId }, body: pdfUpload('paperPdf') }],
  'POST /papers/:id/full-paper': (t) => [{ params: { id: t.paperId }, body: pdfUpload('fullPaperPdf') }],
  'GET /papers/:id/shared-files/:fileId/view': (t, own) => [
    { params: { id: t.paperId, fileId: t.sharedFileId } },
    { params: { id: own.paperId, fileId: t.sharedFileId } },
  ],
  'GET /chat/papers/:id/messages': (t) => [{ params: { id: t.paperId } }],
  'POST /chat/papers/:id/messages': (t) => [
    { params: { id: t.paperId }, body: multipart({ message: 'Written into a stranger’s chat' }) },
  ],
  'GET /chat/papers/:id/messages/:messageId/attachments/:index/view': (t, own) => attachmentTargets(t, own),
  'GET /chat/papers/:id/messages/:messageId/attachments/:index/download': (t, own) => attachmentTargets(t, own),
  'PATCH /notifications/:id/read': (t) => [{ params: { id: t.notificationId } }],
  'DELETE /notifications/:id': (t) => [{ params: { id: t.notificationId } }],
  'DELETE /account/sessions/:sessionId': (t) => [{ params: { sessionId: t.spareSessionId } }],
  'GET /papers/:id/letters/acceptance': (t) => [{ params: { id: t.paperId } }],
  'GET /papers/:id/receipt': (t) => [{ params: { id: t.paperId } }],
  'GET /papers/:id/certificates': (t) => [{ params: { id: t.paperId } }],
  'GET /papers/:id/certificates/:certificateKind': (t) => [
    { params: { id: t.paperId, certificateKind: 'participation' } },
    { params: { id: t.paperId, certificateKind: 'presentation' } },
  ],
  'GET /papers/:id/letters/visa/:letterId': (t, own) => [
    { params: { id: t.paperId, letterId: t.visaLetterId } },
    { params: { id: own.paperId, letterId: t.visaLetterId } },
  ],
  'GET /papers/:id/visa-requests': (t) => [{ params: { id: t.paperId } }],
  'POST /papers/:id/visa-requests': (t) => [
    {
      params: { id: t.paperId },
      body: {
        fullNameAsInPassport: 'Someone Else',
        nationality: 'Indian',
        passportNumber: 'Z1234567',
        dateOfBirth: '1990-01-01',
      },
    },
  ],
};

function attachmentTargets(t: AuthorWorld, own: AuthorWorld): TargetedRequest[] {
  return [
    { params: { id: t.paperId, messageId: t.authorMessageId, index: '0' } },
    { params: { id: t.paperId, messageId: t.adminMessageId, index: '0' } },
    { params: { id: own.paperId, messageId: t.authorMessageId, index: '0' } },
  ];
}
