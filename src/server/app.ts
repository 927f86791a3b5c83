import { currentConference, setConference } from '@shared/conference.ts';
import type { Server } from 'node:net';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
// Zod's messages for a field without its own name the field and its limit (shared with the client).
import '../shared/schemas/field-messages.ts';
import type { AppConfig } from './config.ts';
import type { AppContext } from './context.ts';
import { type Database, openDatabase } from './db/client.ts';
import { announceServer, SERVER_APPLICATION_NAME } from './db/server-presence.ts';
import { HTTP_TIMEOUTS } from './lib/http-timeouts.ts';
import { responseSerializerCompiler } from './lib/response-serializer.ts';
import { perAddress } from './lib/rate-limits.ts';
import { SessionCache } from './lib/session-cache.ts';
import { VersionedMemo, VersionedMemoMap } from './lib/versioned-memo.ts';
import { outboxRoutes } from './modules/outbox/outbox.routes.ts';
import { MailOutbox } from './mail/mail-outbox.ts';
import { databaseRateLimitStore } from './plugins/rate-limit-store.ts';
import { EmbeddedDatabaseMaintenance } from './jobs/embedded-upkeep.ts';
import { Housekeeping } from './jobs/housekeeping.ts';
import { JOB_HANDLERS } from './jobs/job-handlers.ts';
import { JobRunner } from './jobs/job-runner.ts';
import { backgroundJobsRoutes } from './modules/background-jobs/background-jobs.routes.ts';
import { accountRoutes } from './modules/account/account.routes.ts';
import { twoFactorRoutes } from './modules/two-factor/two-factor.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { siteSession } from './modules/auth/auth.service.ts';
import { authEventsRoutes } from './modules/auth-events/auth-events.routes.ts';
import { dashboardRoutes } from './modules/admin-dashboard/dashboard.routes.ts';
import { chatRoutes } from './modules/chat/chat.routes.ts';
import { authorMessagesRoutes } from './modules/author-messages/author-messages.routes.ts';
import { messageTemplatesRoutes } from './modules/author-messages/message-templates.routes.ts';
import { mailTemplatesRoutes } from './modules/mail-templates/mail-templates.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { notificationsRoutes } from './modules/notifications/notifications.routes.ts';
import { adminPapersRoutes } from './modules/papers/admin-papers.routes.ts';
import { adminLettersRoutes } from './modules/letters/admin-letters.routes.ts';
import { letterVerificationRoutes, paperLettersRoutes } from './modules/letters/letters.routes.ts';
import { verifyLetter } from './modules/letters/letters.service.ts';
import { adminReceiptRoutes, paperReceiptRoutes } from './modules/receipts/receipts.routes.ts';
import { adminCertificateRoutes, paperCertificateRoutes } from './modules/certificates/certificates.routes.ts';
import { conflictsRoutes } from './modules/conflicts/conflicts.routes.ts';
import { findAcceptedMembership } from './modules/committee/committee.repository.ts';
import { biddingRoutes } from './modules/bidding/bidding.routes.ts';
import { assignmentRoutes, paperReviewersRoutes } from './modules/assignment/assignment.routes.ts';
import {
  paperReviewsRoutes,
  reviewerCommentsRoutes,
  reviewRemindersRoutes,
  reviewsRoutes,
} from './modules/reviews/reviews.routes.ts';
import { memberDiscussionRoutes, paperDiscussionRoutes } from './modules/discussion/discussion.routes.ts';
import { reviewModeRoutes } from './modules/review-mode/review-mode.routes.ts';
import { adminFeesRoutes } from './modules/fees/fees.routes.ts';
import { adminPaymentStatementRoutes } from './modules/payment-statements/payment-statements.routes.ts';
import { adminPaymentRoutes, authorPaymentRoutes } from './modules/payments/payments.routes.ts';
import { participantsRoutes } from './modules/participants/participants.routes.ts';
import { badgesRoutes } from './modules/badges/badges.routes.ts';
import { adminCheckInRoutes, checkInRoutes } from './modules/check-in/check-in.routes.ts';
import { automaticRemindersRoutes } from './modules/review-reminders/review-reminders.routes.ts';
import { AutomaticReviewReminders } from './jobs/review-reminders.ts';
import { NotificationDateRelease } from './jobs/decision-release.ts';
import { decisionReleaseRoutes } from './modules/decision-release/decision-release.routes.ts';
import { adminProgrammeRoutes, publicProgrammeRoutes } from './modules/programme/programme.routes.ts';
import { getPublishedProgramme } from './modules/programme/programme.service.ts';
import { letterVerificationResponseSchema } from '@shared/schemas/letters.ts';
import { publishedProgrammeSchema } from '@shared/schemas/programme.ts';
import { programmeFeedRoutes } from './modules/programme-feeds/programme-feeds.routes.ts';
import { programmePdfRoutes } from './modules/programme-pdf/programme-pdf.routes.ts';
import {
  adminCommitteeRoutes,
  committeeInvitationRoutes,
  publicCommitteeRoutes,
} from './modules/committee/committee.routes.ts';
import { publicCommittee } from './modules/committee/committee.service.ts';
import { bulkActionsRoutes } from './modules/bulk-actions/bulk-actions.routes.ts';
import { exportsRoutes } from './modules/exports/exports.routes.ts';
import { adminDeadlinesRoutes, publicDeadlinesRoutes } from './modules/deadlines/deadlines.routes.ts';
import {
  authorResponseRoutes,
  committeeResponseRoutes,
  organiserResponseRoutes,
} from './modules/author-responses/author-responses.routes.ts';
import { deadlineExtensionsRoutes } from './modules/papers/deadline-extensions.routes.ts';
import { adminPreflightRoutes, authorPreflightRoutes } from './modules/preflight/preflight.routes.ts';
import { papersRoutes } from './modules/papers/papers.routes.ts';
import { adminUsersRoutes } from './modules/users/admin-users.routes.ts';
import { userPapersRoutes } from './modules/papers/user-papers.routes.ts';
import { adminSessionsRoutes } from './modules/sessions/admin-sessions.routes.ts';
import { liveEventsRoutes } from './modules/live-events/live-events.routes.ts';
import { LIVE_LIMITS, LiveHub } from './modules/live-events/live-events.service.ts';
import type { LiveMessage } from './live/live-messages.ts';
import { type LiveBus, openEmbeddedBus, openPostgresBus } from './live/live-bus.ts';
import { backupSocketPath, listenForBackups } from './ops/backup-socket.ts';
import { authPlugin } from './plugins/auth.ts';
import { findSessionUser } from './modules/sessions/sessions.service.ts';
import { timelineRoutes } from './modules/timeline/timeline.routes.ts';
import { pageRendererOf, registerClientPages } from './plugins/client-pages.ts';
import { datesToShow } from './modules/deadlines/deadlines.service.ts';
import { registerDraining } from './plugins/draining.ts';
import { frameworkErrorHandler, registerErrorHandler, SERVICE_UNAVAILABLE } from './plugins/errors.ts';
import { registerSecurityHeaders, securityHeadersOf } from './plugins/security-headers.ts';
import { sameOriginPlugin } from './plugins/same-origin.ts';
import { PROJECT_ROOT } from './project-paths.ts';
import { contentDirOf } from './modules/site-content/content-loader.ts';
import { siteContentRoutes } from './modules/site-content/site-content.routes.ts';
import { SiteContentSource } from './modules/site-content/site-content.service.ts';
import type { FileStore } from './storage/file-store.ts';
import { openFileStore } from './storage/open-file-store.ts';

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    /** The public pages' texts (modules/site-content), reloaded on SIGHUP. */
    siteContent: SiteContentSource;
  }
}

/** Reset-password and committee-invitation tokens travel in the path; they must not reach the logs. */
export function redactUrl(url: string): string {
  return (
    url
      .replace(/((?:reset-password|committee-invitation|committee\/invitations)\/)[^/?#]+/, '$1[redacted]')
      .replace(/([?&]token=)[^&#]+/, '$1[redacted]')
      // A form's fields in a GET's address (a sign-in submitted before its page was live).
      .replace(/([?&](?:password|confirmPassword|currentPassword|newPassword)=)[^&#]*/gi, '$1[redacted]')
  );
}

/** Where request headers can sit in a log line, one level deep or at the top. */
const CREDENTIAL_LOG_PATHS = ['cookie', 'authorization'].flatMap((header) => [
  `headers.${header}`,
  `*.headers.${header}`,
]);

/**
 * The dashboard's statistics are recomputed after every write (cache_versions); without writes,
 * at the latest after this long, for the counts that move with the clock alone.
 */
const DASHBOARD_STATS_MAX_AGE_MS = 60_000;
/** How many filter-and-search combinations keep their list totals (a few admins paging through searches). */
const LIST_TOTALS_KEPT = 200;

/** Helmet's headers on every answer, including the errors Fastify raises before any hook runs. */
const SECURITY_HEADERS = securityHeadersOf({
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:'],
      frameSrc: ["'self'"],
      // No plugins: PDFs are previewed in frames, never in <object> or <embed>.
      objectSrc: ["'none'"],
      frameAncestors: ["'self'"],
      upgradeInsecureRequests: null,
    },
  },
  crossOriginEmbedderPolicy: false,
  referrerPolicy: { policy: 'same-origin' },
});

/** How long a resolved session is reused on the embedded database (revocations clear it at once). */
const SESSION_CACHE_TTL_MS = 30_000;

/**
 * How long after the server listens its upkeep starts (the embedded database's VACUUM, the first
 * sweep of expired sessions and tokens): both run statements on the server's thread with the
 * embedded database, and a restart's first answers came after the first of them.
 */
const UPKEEP_AFTER_LISTENING_MS = 2_000;

/** JSON bodies are small; uploads go through multipart with their own limits. */
const JSON_BODY_LIMIT = 64 * 1024;

/**
 * The embedded database cannot be opened by a second process, so `npm run backup` gets a
 * running server's backup from the server itself (ops/backup-socket.ts). Without the socket
 * (e.g. a data directory path too long for one) backups need the server stopped.
 */
async function serveBackups(
  app: FastifyInstance,
  database: Database,
  store: FileStore,
  config: AppConfig,
): Promise<Server | undefined> {
  const source = { db: database.db, kind: database.kind, store, workDir: config.dataDir };
  try {
    return await listenForBackups(source, backupSocketPath(config.dataDir), app.log);
  } catch (error) {
    app.log.warn({ err: error }, 'backups of the running server are unavailable: stop the server to back up');
    return undefined;
  }
}

/** Builds the whole app (database opened and migrated) without listening; used by main and tests. */
export async function buildApp(config: AppConfig): Promise<FastifyInstance> {
  // Before anything reads it: every text, check and document names the configured conference.
  setConference(config.conference);
  const timeouts = { ...HTTP_TIMEOUTS, ...config.httpTimeouts };
  const app = Fastify({
    // Deliberate waits on slow clients (lib/http-timeouts.ts): a stalled request cannot hold a connection for long.
    connectionTimeout: timeouts.idleMs,
    requestTimeout: timeouts.requestMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    // While closing, new requests are refused by plugins/draining.ts, in the app's own format.
    return503OnClosing: false,
    // Idle keep-alive connections are closed at once by close(); busy ones when their answer is sent.
    forceCloseConnections: 'idle',
    logger: {
      level: config.logLevel,
      ...(config.logStream ? { stream: config.logStream } : {}),
      serializers: {
        // Only what an operator needs; never cookies, Authorization headers or reset tokens.
        req: (request) => ({ method: request.method, url: redactUrl(request.url), remoteAddress: request.ip }),
      },
      // Plugins log raw request headers at trace level (multipart logs busboy's options): never the credentials.
      redact: { paths: CREDENTIAL_LOG_PATHS, censor: '[redacted]' },
    },
    frameworkErrors: frameworkErrorHandler(SECURITY_HEADERS),
    logController: new LogController({ disableRequestLogging: !config.logRequests }),
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: config.trustProxy && config.trustProxy.length > 0 ? config.trustProxy : false,
  }).withTypeProvider<ZodTypeProvider>();

  app.server.headersTimeout = timeouts.headersMs;
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  if (config.describeApi) {
    // A development dependency: loaded only to write the API reference.
    const { default: swagger } = await import('@fastify/swagger');
    await app.register(swagger, {
      openapi: { openapi: '3.1.0', info: { title: `${currentConference().shortName} API`, version: '1' } },
      transform: jsonSchemaTransform,
      transformObject: jsonSchemaTransformObject,
    });
  }

  // Read while the database opens (its WebAssembly compiles on other threads): a content file
  // that cannot be shown stops the start below, naming it, once what was opened is closed.
  const siteContentLoading = SiteContentSource.open(contentDirOf(config, PROJECT_ROOT), app.log);
  siteContentLoading.catch(() => undefined);

  // Before the migrations: a server starting while a restore runs waits for it to finish.
  const presence = config.databaseUrl
    ? await announceServer(config.databaseUrl, (error) =>
        app.log.warn({ err: error }, 'lost the connection that shows this server to restores; reconnecting'),
      )
    : undefined;
  let database: Database | undefined;
  let store: FileStore | undefined;
  try {
    store = await openFileStore(config, { warn: (message) => app.log.warn(message) });
    // A wrong bucket or key stops the start here, not an author's first upload.
    await store.verify();
    database = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      inMemory: config.inMemoryDatabase,
      applicationName: SERVER_APPLICATION_NAME,
      onIdleConnectionError: (error) => app.log.warn({ err: error }, 'idle database connection lost'),
    });
    app.decorate('siteContent', await siteContentLoading);
  } catch (error) {
    store?.close();
    await database?.close();
    await presence?.close();
    throw error;
  }
  const outbox = new MailOutbox(database.db, config.smtpUrl, config.mailFrom, app.log);
  const ctx: AppContext = {
    db: database.db,
    config,
    now: config.now ?? (() => new Date()),
    store,
    outbox,
    log: app.log,
    // Cached only where this process sees every revocation (lib/session-cache.ts).
    sessions: new SessionCache(database.kind === 'pglite' ? SESSION_CACHE_TTL_MS : 0),
    dashboardStats: new VersionedMemo(DASHBOARD_STATS_MAX_AGE_MS),
    listTotals: new VersionedMemoMap(LIST_TOTALS_KEPT, DASHBOARD_STATS_MAX_AGE_MS),
    listPlaces: new VersionedMemoMap(LIST_TOTALS_KEPT, DASHBOARD_STATS_MAX_AGE_MS),
    presence,
  };
  // Live updates: this process's streams hear every process's changes through the database.
  const live = new LiveHub(ctx, { ...LIVE_LIMITS, ...config.liveLimits });
  const liveHandlers = { message: (message: LiveMessage) => live.receive(message), resync: () => live.resync() };
  let liveBus: LiveBus;
  try {
    liveBus = database.listen
      ? await openEmbeddedBus(database.listen, liveHandlers)
      : await openPostgresBus(config.databaseUrl!, liveHandlers, (error) =>
          app.log.warn({ err: error }, 'lost the connection that hears live updates; reconnecting'),
        );
  } catch (error) {
    await database.close();
    store.close();
    await presence?.close();
    throw error;
  }
  const jobs = new JobRunner(ctx, JOB_HANDLERS);
  ctx.jobs = jobs;
  app.decorate('ctx', ctx);

  // Test databases live in memory for seconds; only a lasting embedded database needs upkeep.
  const maintenance =
    database.kind === 'pglite' && !config.inMemoryDatabase
      ? new EmbeddedDatabaseMaintenance(database.db, app.log)
      : undefined;
  // Test databases in memory live for seconds: nothing expires in them.
  const housekeeping = config.inMemoryDatabase ? undefined : new Housekeeping(database.db, store, app.log);
  // Reminders and released decisions reach members and authors in the site even without a mail server.
  const reviewReminders = config.inMemoryDatabase ? undefined : new AutomaticReviewReminders(ctx, app.log);
  const decisionRelease = config.inMemoryDatabase ? undefined : new NotificationDateRelease(ctx, app.log);
  app.addHook('onReady', async () => {
    outbox.start();
    reviewReminders?.start();
    decisionRelease?.start();
    jobs.start();
    live.start();
  });
  // Upkeep once the server answers, not before: the start no longer waits for the whole database's
  // VACUUM or the first sweep of what has expired, and later requests run between the VACUUM's
  // tables (jobs/embedded-upkeep.ts). It waits a moment after listening too, so that the requests
  // a restart meets at once (a proxy's health check, the pages left waiting) are answered first.
  let upkeepTimer: NodeJS.Timeout | undefined;
  app.addHook('onListen', (done) => {
    upkeepTimer = setTimeout(() => {
      void maintenance?.start();
      housekeeping?.start();
    }, UPKEEP_AFTER_LISTENING_MS);
    upkeepTimer.unref();
    done();
  });
  const backups =
    database.kind === 'pglite' && !config.inMemoryDatabase
      ? await serveBackups(app, database, store, config)
      : undefined;
  let outboxStopped: Promise<void> | undefined;
  let jobsStopped: Promise<void> | undefined;
  app.addHook('preClose', (done) => {
    // The sender stops claiming mail as soon as the close begins, alongside the requests still
    // running; what it has claimed and not sent is released for another process or the next start.
    outboxStopped = outbox.stop();
    jobsStopped = jobs.stop();
    // Open streams would hold the close for ever: they end now, and their clients reconnect elsewhere.
    live.stop();
    done();
  });
  app.addHook('onClose', async () => {
    // Runs once the server has closed, i.e. every request has been answered. A backup being sent
    // finishes first too: close() waits for open connections.
    await new Promise((resolve) => (backups ? backups.close(resolve) : resolve(undefined)));
    clearTimeout(upkeepTimer);
    await maintenance?.stop();
    await housekeeping?.stop();
    await reviewReminders?.stop();
    await decisionRelease?.stop();
    await outboxStopped;
    await jobsStopped;
    await liveBus.close();
    await database.close();
    store.close();
    await presence?.close();
  });

  const apiPrefix = `${config.basePath}/api`;
  registerErrorHandler(app);
  registerSecurityHeaders(app, SECURITY_HEADERS);
  registerDraining(app, redactUrl);
  if (presence) {
    // While this server's presence lock is being taken again, a restore could start: nothing is
    // served from the database until the lock is back (within a second of PostgreSQL answering).
    app.addHook('onRequest', (request, reply, done) => {
      // The health routes answer for themselves (readiness reports this too).
      const exempt = !request.url.startsWith(apiPrefix) || request.url.startsWith(`${apiPrefix}/health`);
      if (presence.held || exempt) {
        done();
        return;
      }
      void reply.status(503).header('Retry-After', '5').send({ success: false, message: SERVICE_UNAVAILABLE });
    });
  }
  // A callback, not an async hook: it runs on every answer, and a promise each time shows in the throughput.
  app.addHook('onSend', (request, reply, payload, done) => {
    // API answers are private and change with every action: no browser or proxy keeps a copy.
    if (request.url.startsWith(apiPrefix) && !reply.hasHeader('cache-control'))
      reply.header('Cache-Control', 'no-store');
    // An answer sent before the request's body has all arrived (a refusal: 401, 413, 429...) ends the
    // connection, so the client stops sending at once and a stalled body cannot keep it open.
    if (!request.raw.complete) reply.header('Connection', 'close');
    done(null, payload);
  });
  // gzip/brotli for pages, assets and JSON; PDFs and images are already compressed and pass as they are.
  await app.register(fastifyCompress, { threshold: 1024 });
  await app.register(fastifyCookie);
  // Routes read uploads with their own, tighter limits (lib/multipart-upload.ts).
  await app.register(fastifyMultipart, { limits: { fieldNameSize: 100, headerPairs: 100 } });
  await app.register(fastifyRateLimit, {
    global: false,
    store: databaseRateLimitStore(database.db),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      success: false,
      message: `Too many requests. Please try again in ${context.after}.`,
    }),
  });
  await app.register(sameOriginPlugin, { publicUrl: config.publicUrl });
  await app.register(authPlugin, {
    apiPrefix,
    adminMfaRequired: config.adminMfaRequired,
    reviewerMfaRequired: config.reviewerMfaRequired,
    findSessionUser: (token) => findSessionUser(app.ctx, token),
    isCommitteeMember: async (userId) => (await findAcceptedMembership(app.ctx.db, userId)) !== undefined,
  });

  await app.register(healthRoutes, { prefix: `${apiPrefix}/health` });
  await app.register(authRoutes, { prefix: `${apiPrefix}/auth` });
  await app.register(accountRoutes, { prefix: `${apiPrefix}/account` });
  await app.register(twoFactorRoutes, { prefix: `${apiPrefix}/account/two-factor` });
  await app.register(authEventsRoutes, { prefix: `${apiPrefix}/admin/auth-events` });
  await app.register(adminUsersRoutes, { prefix: `${apiPrefix}/admin/users` });
  await app.register(userPapersRoutes, { prefix: `${apiPrefix}/admin/users` });
  await app.register(adminSessionsRoutes, { prefix: `${apiPrefix}/admin/users` });
  await app.register(papersRoutes, { prefix: `${apiPrefix}/papers` });
  await app.register(authorPreflightRoutes, { prefix: `${apiPrefix}/papers` });
  await app.register(adminPreflightRoutes, { prefix: `${apiPrefix}/admin` });
  await app.register(dashboardRoutes, { prefix: `${apiPrefix}/admin` });
  await app.register(adminPapersRoutes, { prefix: `${apiPrefix}/admin/papers` });
  await app.register(bulkActionsRoutes, { prefix: `${apiPrefix}/admin/papers/bulk` });
  await app.register(exportsRoutes, { prefix: `${apiPrefix}/admin/papers/export` });
  await app.register(deadlineExtensionsRoutes, { prefix: `${apiPrefix}/admin/papers` });
  await app.register(timelineRoutes, { prefix: `${apiPrefix}/admin/papers` });
  await app.register(conflictsRoutes, { prefix: `${apiPrefix}/admin/papers` });
  await app.register(paperLettersRoutes, { prefix: `${apiPrefix}/papers` });
  await app.register(adminLettersRoutes, { prefix: `${apiPrefix}/admin` });
  await app.register(letterVerificationRoutes, { prefix: `${apiPrefix}/letters` });
  await app.register(paperReceiptRoutes, { prefix: `${apiPrefix}/papers` });
  await app.register(adminReceiptRoutes, { prefix: `${apiPrefix}/admin` });
  await app.register(paperCertificateRoutes, { prefix: `${apiPrefix}/papers` });
  await app.register(adminCertificateRoutes, { prefix: `${apiPrefix}/admin` });
  await app.register(participantsRoutes, { prefix: `${apiPrefix}/admin` });
  await app.register(badgesRoutes, { prefix: `${apiPrefix}/admin` });
  await app.register(adminCheckInRoutes, { prefix: `${apiPrefix}/admin` });
  await app.register(checkInRoutes, { prefix: `${apiPrefix}/check-in` });
  await app.register(adminCommitteeRoutes, { prefix: `${apiPrefix}/admin/committee` });
  await app.register(mailTemplatesRoutes, { prefix: `${apiPrefix}/admin/mail-templates` });
  await app.register(committeeInvitationRoutes, { prefix: `${apiPrefix}/committee/invitations` });
  await app.register(publicCommitteeRoutes, { prefix: `${apiPrefix}/committee` });
  await app.register(biddingRoutes, { prefix: `${apiPrefix}/committee/bids` });
  await app.register(paperReviewersRoutes, { prefix: `${apiPrefix}/admin/papers` });
  await app.register(assignmentRoutes, { prefix: `${apiPrefix}/admin/assignments` });
  await app.register(reviewsRoutes, { prefix: `${apiPrefix}/committee/reviews` });
  await app.register(paperReviewsRoutes, { prefix: `${apiPrefix}/admin/papers` });
  await app.register(reviewRemindersRoutes, { prefix: apiPrefix });
  await app.register(reviewerCommentsRoutes, { prefix: `${apiPrefix}/papers` });
  await app.register(memberDiscussionRoutes, { prefix: `${apiPrefix}/committee/reviews` });
  await app.register(paperDiscussionRoutes, { prefix: `${apiPrefix}/admin/papers` });
  await app.register(authorResponseRoutes, { prefix: `${apiPrefix}/papers` });
  await app.register(committeeResponseRoutes, { prefix: `${apiPrefix}/committee/reviews` });
  await app.register(organiserResponseRoutes, { prefix: `${apiPrefix}/admin/papers` });
  await app.register(reviewModeRoutes, { prefix: apiPrefix });
  await app.register(adminFeesRoutes, { prefix: `${apiPrefix}/admin/fees` });
  await app.register(adminPaymentRoutes, { prefix: `${apiPrefix}/admin` });
  await app.register(adminPaymentStatementRoutes, { prefix: `${apiPrefix}/admin/payment-statements` });
  await app.register(authorPaymentRoutes, { prefix: `${apiPrefix}/papers` });
  await app.register(decisionReleaseRoutes, { prefix: `${apiPrefix}/admin/decision-release` });
  await app.register(automaticRemindersRoutes, { prefix: `${apiPrefix}/admin/committee/automatic-reminders` });
  await app.register(adminProgrammeRoutes, { prefix: `${apiPrefix}/admin/programme` });
  await app.register(publicProgrammeRoutes, { prefix: `${apiPrefix}/programme` });
  await app.register(programmeFeedRoutes, { prefix: `${apiPrefix}/programme` });
  await app.register(programmePdfRoutes, { prefix: `${apiPrefix}/programme` });
  await app.register(authorMessagesRoutes, { prefix: `${apiPrefix}/admin/messages` });
  await app.register(outboxRoutes, { prefix: `${apiPrefix}/admin/outbox` });
  await app.register(backgroundJobsRoutes, { prefix: `${apiPrefix}/admin/jobs` });
  await app.register(messageTemplatesRoutes, { prefix: `${apiPrefix}/admin/message-templates` });
  await app.register(publicDeadlinesRoutes, { prefix: `${apiPrefix}/settings` });
  await app.register(siteContentRoutes, { prefix: apiPrefix });
  await app.register(adminDeadlinesRoutes, { prefix: `${apiPrefix}/admin/settings` });
  await app.register(chatRoutes, { prefix: `${apiPrefix}/chat` });
  await app.register(notificationsRoutes, { prefix: `${apiPrefix}/notifications` });
  await app.register(liveEventsRoutes, { prefix: `${apiPrefix}/events`, hub: live });
  // The verification page's verdict is a database lookup like the API route's, under the same
  // limit: past it the page is sent without the verdict and asks the API, whose limit answers.
  const letterVerificationPageLimit = app.createRateLimit({
    ...perAddress(ctx.config, 60, '15 minutes'),
    keyGenerator: (request) => `verify-letter page|${request.ip}`,
  });
  await registerClientPages(app, {
    conference: config.conference,
    basePath: config.basePath,
    apiPrefix,
    clientDir: config.clientDir,
    datesForPage: () => datesToShow(ctx),
    sessionForPage: (request) => siteSession(ctx, request.user),
    contentForPage: () => app.siteContent.content,
    publicCommitteeForPage: () => publicCommittee(ctx),
    programmeForPage: async () => publishedProgrammeSchema.nullable().parse(await getPublishedProgramme(ctx)),
    letterVerificationForPage: async (code, request) => {
      const limit = await letterVerificationPageLimit(request);
      if (!limit.isAllowed && limit.isExceeded) return undefined;
      return letterVerificationResponseSchema.parse({ success: true, ...(await verifyLetter(ctx, code)) });
    },
    loadPageRenderer: pageRendererOf(config),
  });

  return app;
}
