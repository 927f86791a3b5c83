// @ci-embedded: .ci/run runs this file on the embedded database as well as on PostgreSQL.
// Live updates through the embedded database's NOTIFYs, heard in the one process.
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import net from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { committeeMembers } from '@server/db/schema/index.ts';
import { publishLive } from '@server/live/live-messages.ts';
import { type EventStreamClient, openEventStream, type ReceivedEvent } from '@server/test/event-stream.ts';
import {
  createTestMember,
  createTestPaper,
  createTestUser,
  type TestMember,
  type TestUser,
} from '@server/test/factories.ts';
import { multipart } from '@server/test/multipart.ts';
import { API, createTestApp, type TestApp } from '@server/test/test-app.ts';

/** The app listening on a port: streams need a real connection, inject() waits for the end. */
async function listening(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  return `http://127.0.0.1:${address.port}${t.config.basePath}`;
}

const kinds = (stream: EventStreamClient) => stream.events.map((event) => event.event);
const is = (kind: string) => (event: ReceivedEvent) => event.event === kind;

describe('live updates on one process (embedded database)', () => {
  let t: TestApp;
  let base: string;
  let admin: TestUser;
  let author: TestUser;
  let otherAuthor: TestUser;
  let assigned: TestMember;
  let unassigned: TestMember;
  let paperId: string;
  const streams: EventStreamClient[] = [];
  const open = async (...args: Parameters<typeof openEventStream> extends [string, ...infer R] ? R : never) => {
    const stream = await openEventStream(base, ...args);
    streams.push(stream);
    return stream;
  };

  beforeAll(async () => {
    // A short heartbeat: the revocation checks that ride on it run within the test.
    t = await createTestApp({ liveLimits: { heartbeatMs: 300 } });
    base = await listening(t);
    [admin, author, otherAuthor] = await Promise.all([
      createTestUser(t.app, { role: 'admin' }),
      createTestUser(t.app, { username: 'Nguyễn Thị Hương' }),
      createTestUser(t.app, { username: 'Zofia Łukasiewicz' }),
    ]);
    assigned = await createTestMember(t.app, { name: 'Алексей Петров' });
    unassigned = await createTestMember(t.app, { name: 'अनन्या शर्मा' });
    paperId = (await createTestPaper(t.app, author))._id;
    await createTestPaper(t.app, otherAuthor);
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await t.close();
  });

  const inject = (user: TestUser, method: 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url: `${API}${url}`, headers: { cookie: user.cookie }, payload });
  const chat = (user: TestUser, message: string) => {
    const body = multipart({ message });
    return t.app.inject({
      method: 'POST',
      url: `${API}/chat/papers/${paperId}/messages`,
      headers: { ...body.headers, cookie: user.cookie },
      payload: body.payload,
    });
  };

  it('refuses a stream without a session (401) and opens the public one uncompressed', async () => {
    const refused = await open('/api/events');
    expect(refused.status).toBe(401);
    expect(refused.headers['content-type']).toContain('application/json');
    const forged = await open('/api/events', { token: 'not-a-session' });
    expect(forged.status).toBe(401);

    const anonymous = await open('/api/events/public', { headers: { 'accept-encoding': 'gzip, br' } });
    expect(anonymous.status).toBe(200);
    expect(anonymous.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(anonymous.headers['content-encoding']).toBeUndefined();
    expect(anonymous.headers['x-accel-buffering']).toBe('no');
    await anonymous.comment('connected');
    // The heartbeat keeps proxies from closing an idle stream.
    await anonymous.comment('heartbeat');
    anonymous.close();
  });

  it('delivers each kind to the users it concerns only', async () => {
    const [ofAuthor, ofOther, ofAdmin, ofAssigned, ofUnassigned, ofAnonymous] = await Promise.all([
      open('/api/events', { token: author.token }),
      open('/api/events', { token: otherAuthor.token }),
      open('/api/events', { token: admin.token }),
      open('/api/events', { token: assigned.account.token }),
      open('/api/events', { token: unassigned.account.token }),
      open('/api/events/public'),
    ]);
    for (const stream of [ofAuthor, ofOther, ofAdmin, ofAssigned, ofUnassigned, ofAnonymous])
      expect(stream.status).toBe(200);

    // The author writes: the organisers hear of a message unread, with the notification's count.
    expect((await chat(author, 'Is the page limit four pages?')).statusCode).toBe(201);
    const toAdmin = await ofAdmin.next(is('chat'));
    expect(toAdmin.data).toEqual({ paperId, unreadCount: 1, totalUnread: 1 });
    const adminBell = await t.app.inject({
      method: 'GET',
      url: `${API}/notifications/unread-count`,
      headers: { cookie: admin.cookie },
    });
    expect((await ofAdmin.next(is('notification'))).data).toEqual({ unreadCount: adminBell.json().count });
    expect((await ofAuthor.next(is('chat'))).data).toMatchObject({ paperId, unreadCount: 0 });

    // The organiser answers: the author's chat and bell move.
    expect((await chat(admin, 'Yes, four pages.')).statusCode).toBe(201);
    await ofAuthor.next((event) => event.event === 'chat' && (event.data as { unreadCount: number }).unreadCount === 1);
    expect((await ofAuthor.next(is('notification'))).data).toEqual({ unreadCount: 1 });

    // An assignment reaches the member assigned, and the author's page follows the paper into review.
    const assignment = await inject(admin, 'POST', '/admin/assignments', {
      paperIds: [paperId],
      memberIds: [assigned.memberId],
    });
    expect(assignment.statusCode, assignment.body).toBe(200);
    expect((await ofAssigned.next(is('review'))).data).toEqual({ paperId });
    expect((await ofAuthor.next(is('paper'))).data).toEqual({ paperId });

    // A status change reaches the paper's author.
    const changed = await inject(admin, 'PUT', `/admin/papers/${paperId}/status`, {
      status: 'abstract_accepted',
      review: 'Accepted.',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await ofAuthor.next(is('paper'))).data).toEqual({ paperId });

    // A background job's progress reaches the organiser who asked for it.
    const jobId = '00000000-0000-4000-8000-000000000001';
    await publishLive(t.app.ctx.db, { kind: 'job', jobId, userIds: [admin.user._id] });
    expect((await ofAdmin.next(is('job'))).data).toEqual({ jobId });

    // Publishing the programme reaches everyone, last: once each has it, each has had all it will get.
    const draft = await t.app.inject({
      method: 'GET',
      url: `${API}/admin/programme`,
      headers: { cookie: admin.cookie },
    });
    const version = (draft.json() as { programme: { version: number } }).programme.version;
    const published = await inject(admin, 'POST', '/admin/programme/publish', { version, confirmWarnings: true });
    expect(published.statusCode, published.body).toBe(200);
    for (const stream of [ofAuthor, ofOther, ofAdmin, ofAssigned, ofUnassigned, ofAnonymous])
      expect((await stream.next(is('programme'))).data).toEqual({ version: 1 });

    expect(kinds(ofOther)).toEqual(['programme']);
    expect(kinds(ofUnassigned)).toEqual(['programme']);
    expect(kinds(ofAnonymous)).toEqual(['programme']);
    expect(kinds(ofAssigned)).toEqual(['notification', 'review', 'programme']);
    expect(new Set(kinds(ofAuthor))).toEqual(new Set(['chat', 'notification', 'paper', 'programme']));
    // Into review by the assignment, then accepted.
    expect(ofAuthor.events.filter(is('paper'))).toHaveLength(2);
    expect(kinds(ofAdmin)).not.toContain('paper');
    expect(kinds(ofAdmin)).not.toContain('review');
    // Event ids go up, so a reconnect can say where it left off.
    const ids = ofAuthor.events.map((event) => Number(event.id!.split('-')[1]));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  });

  it('catches up after a reconnect with Last-Event-ID, and resyncs when the id is unknown', async () => {
    const first = await open('/api/events', { token: otherAuthor.token });
    await publishLive(t.app.ctx.db, { kind: 'notification', userIds: [otherAuthor.user._id] });
    const seen = await first.next(is('notification'));
    first.close();
    await first.ended;

    // Missed while away: two events for this author, one for another.
    const otherPaper = randomUUID();
    await publishLive(t.app.ctx.db, { kind: 'paper', paperId: otherPaper, userIds: [otherAuthor.user._id] });
    await publishLive(t.app.ctx.db, { kind: 'paper', paperId, userIds: [author.user._id] });
    await publishLive(t.app.ctx.db, { kind: 'job', jobId: otherPaper, userIds: [otherAuthor.user._id] });

    const again = await open('/api/events', { token: otherAuthor.token, lastEventId: seen.id });
    await again.next(is('job'));
    // Replayed in order, after the one already seen; nothing of the other author's.
    const replayed = again.events.filter((event) => event.event !== 'notification' || event.id !== seen.id);
    expect(replayed.map((event) => [event.event, event.data])).toEqual([
      ['paper', { paperId: otherPaper }],
      ['job', { jobId: otherPaper }],
    ]);
    again.close();

    const elsewhere = await open('/api/events', { token: otherAuthor.token, lastEventId: 'another-process-12' });
    await elsewhere.next(is('resync'));
    elsewhere.close();
  });

  it('closes the stream, with a reason, when its session ends or the member leaves the committee', async () => {
    const signedOut = await createTestUser(t.app);
    const stream = await open('/api/events', { token: signedOut.token });
    expect(stream.status).toBe(200);
    const logout = await t.app.inject({
      method: 'POST',
      url: `${API}/auth/logout`,
      headers: { cookie: signedOut.cookie },
    });
    expect(logout.statusCode).toBeLessThan(300);
    expect((await stream.next(is('closed'))).data).toEqual({ reason: 'session_ended' });
    await stream.ended;

    // Ended by an organiser while an event for the user is on its way: closed before it is said.
    const ended = await open('/api/events', { token: author.token });
    const sessionsEnded = await inject(admin, 'POST', `/admin/users/${author.user._id}/sessions/end`);
    expect(sessionsEnded.statusCode, sessionsEnded.body).toBe(200);
    await publishLive(t.app.ctx.db, { kind: 'paper', paperId, userIds: [author.user._id] });
    expect((await ended.next(is('closed'))).data).toEqual({ reason: 'session_ended' });
    expect(kinds(ended)).not.toContain('paper');

    const ofMember = await open('/api/events', { token: assigned.account.token });
    await t.app.ctx.db
      .update(committeeMembers)
      .set({ status: 'declined' })
      .where(eq(committeeMembers.id, assigned.memberId));
    expect((await ofMember.next(is('closed'))).data).toEqual({ reason: 'membership_ended' });
  });
});

describe('live update limits and shutdown', () => {
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp({ liveLimits: { streamsPerSession: 2, streamsPerAddress: 4 } });
    base = await listening(t);
  });

  it('refuses streams past the limits per session and per address (429), and ends them all on shutdown', async () => {
    const user = await createTestUser(t.app);
    const own = [await openEventStream(base, '/api/events', { token: user.token })];
    own.push(await openEventStream(base, '/api/events', { token: user.token }));
    expect(own.map((stream) => stream.status)).toEqual([200, 200]);
    const third = await openEventStream(base, '/api/events', { token: user.token });
    expect(third.status).toBe(429);
    await third.ended;
    expect(JSON.parse(third.body())).toMatchObject({ success: false, message: expect.stringContaining('Too many') });

    const anonymous = [
      await openEventStream(base, '/api/events/public'),
      await openEventStream(base, '/api/events/public'),
    ];
    expect(anonymous.map((stream) => stream.status)).toEqual([200, 200]);
    expect((await openEventStream(base, '/api/events/public')).status).toBe(429);
    // One closed: room for one again.
    anonymous[0]!.close();
    await anonymous[0]!.ended;
    await new Promise((resolve) => setImmediate(resolve));
    const reopened = await openEventStream(base, '/api/events/public');
    expect(reopened.status).toBe(200);

    // The close does not wait on open streams: each ends, and its client reconnects elsewhere.
    await t.close();
    await Promise.all([...own, anonymous[1]!, reopened].map((stream) => stream.ended));
  });
});

describe('a client that does not read its stream', () => {
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    // A ring long enough to replay everything the test sends.
    t = await createTestApp({ liveLimits: { recentEvents: 4000 } });
    base = await listening(t);
  });
  afterAll(() => t.close());

  const connections = () =>
    new Promise<number>((resolve, reject) =>
      t.app.server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
    );

  it('is dropped once its backlog passes the cap, and catches up with Last-Event-ID when it comes back', async () => {
    const user = await createTestUser(t.app, { username: 'Đặng Thu Thảo' });
    const reading = await openEventStream(base, '/api/events', { token: user.token });
    await reading.comment('connected');

    // A tab whose reader stalls: its socket is never read while the events pile up.
    const url = new URL(base);
    const stalled = net.connect({ host: url.hostname, port: Number(url.port) });
    stalled.pause();
    await once(stalled, 'connect');
    // HTTP/1.0: the answer is not chunked, so its body is the stream as sent.
    stalled.write(
      `GET ${url.pathname}/api/events HTTP/1.0\r\nAccept: text/event-stream\r\nCookie: ictacem_session=${user.token}\r\n\r\n`,
    );
    await expect.poll(connections).toBe(2);

    // Events of 6 kB (long ids), so that the kernel's socket buffers fill within a few megabytes.
    const filler = 'x'.repeat(6000);
    let published = 0;
    // A few at a time, the reading client taking each batch before the next (it shares this process).
    while ((await connections()) === 2 && published * filler.length < 32 * 1024 * 1024) {
      for (let i = 0; i < 5; i += 1, published += 1)
        await publishLive(t.app.ctx.db, { kind: 'job', jobId: `${published}-${filler}`, userIds: [user.user._id] });
      const last = `${published - 1}-`;
      await reading.next((event) => event.event === 'job' && (event.data as { jobId: string }).jobId.startsWith(last));
    }
    // Dropped by the cap, not by running out of kernel buffer: without it the loop ends at 32 MB.
    expect(await connections()).toBe(1);
    expect(published * filler.length).toBeLessThan(16 * 1024 * 1024);

    // What reached the stalled client before the drop (from when its stream opened): whole events, in order, then the end.
    const chunks: Buffer[] = [];
    stalled.on('data', (chunk: Buffer) => chunks.push(chunk));
    stalled.resume();
    await once(stalled, 'close');
    const answer = Buffer.concat(chunks).toString('utf8');
    expect(answer.startsWith('HTTP/1.1 200')).toBe(true);
    const blocks = answer
      .slice(answer.indexOf('\r\n\r\n') + 4)
      .split('\n\n')
      .slice(0, -1);
    const received = blocks
      .filter((block) => block.includes('event: job'))
      .map((block) => ({
        id: /^id: (.+)$/m.exec(block)![1]!,
        index: Number((JSON.parse(/^data: (.+)$/m.exec(block)![1]!) as { jobId: string }).jobId.split('-')[0]),
      }));
    expect(received.length).toBeGreaterThan(0);
    expect(received.length).toBeLessThan(published);
    const first = received[0]!.index;
    expect(received.map((event) => event.index)).toEqual(received.map((_, i) => first + i));

    // EventSource reconnects on its own with the last id it saw: the rest is replayed, in order.
    const back = await openEventStream(base, '/api/events', { token: user.token, lastEventId: received.at(-1)!.id });
    const last = `${published - 1}-`;
    await back.next((event) => event.event === 'job' && (event.data as { jobId: string }).jobId.startsWith(last));
    const replayed = back.events.map((event) => Number((event.data as { jobId: string }).jobId.split('-')[0]));
    const resumed = received.at(-1)!.index + 1;
    expect(replayed).toEqual(Array.from({ length: published - resumed }, (_, i) => resumed + i));
    back.close();
    reading.close();
  });
});
