import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { LiveCloseReason, LiveEventData } from '@shared/schemas/live-events.ts';
import type { PublicUser } from '@shared/schemas/user.ts';
import type { AppContext } from '@server/context.ts';
import { hashToken } from '@server/lib/tokens.ts';
import type { LiveMessage } from '@server/live/live-messages.ts';
import { unreadSummary } from '../chat/chat.service.ts';
import { unreadCount } from '../notifications/notifications.service.ts';
import { SESSION_IDLE_MS } from '../sessions/sessions.service.ts';
import * as repo from './live-events.repository.ts';

export interface LiveHubLimits {
  /** A comment line this often keeps proxies from closing an idle stream; sessions are checked again then too. */
  heartbeatMs: number;
  /** What EventSource waits before reconnecting (`retry:`). */
  retryMs: number;
  streamsPerSession: number;
  streamsPerAddress: number;
  /**
   * Bytes written and not yet taken by a client before it is dropped as too slow. Above the
   * longest catch-up (`recentEvents` events of a few hundred bytes), so a reconnect's replay
   * never trips it on a slow link.
   */
  maxBufferedBytes: number;
  /** How many recent events a reconnecting client can catch up on (Last-Event-ID). */
  recentEvents: number;
}

export const LIVE_LIMITS: LiveHubLimits = {
  heartbeatMs: 25_000,
  retryMs: 5_000,
  streamsPerSession: 10,
  streamsPerAddress: 100,
  maxBufferedBytes: 256 * 1024,
  recentEvents: 512,
};

/** One open stream: a tab's EventSource. */
export interface LiveStream {
  raw: ServerResponse;
  address: string;
  /** Null on the public stream, which only hears of the programme. */
  user: PublicUser | null;
  token: string | null;
  tokenHash: string | null;
  /** A committee member when the stream opened: `review` events, and closed when that ends. */
  member: boolean;
  closed: boolean;
}

interface RecentEvent {
  seq: number;
  message: LiveMessage;
}

export type OpenResult = { ok: true } | { ok: false; reason: 'too_many' };

/** What an event other than chat and notification says: the same to every reader. */
function sameForAll(message: LiveMessage): LiveEventData['paper' | 'job' | 'review'] {
  if (message.kind === 'job') return { jobId: message.jobId };
  if (message.kind === 'paper' || message.kind === 'review') return { paperId: message.paperId };
  throw new Error(`a ${message.kind} event says something of its own to each reader`);
}

/**
 * This process's open streams, and what reaches them. Events arrive from the channel (every
 * process hears every change), are numbered here, kept in a short ring for reconnects, and sent
 * to the streams of the users they name, one event at a time, the sessions of its audience
 * checked again first in one statement. Event ids
 * are `<process>-<number>`: a client coming back to another process (or after a restart) gets
 * `resync` instead of a replay.
 */
export class LiveHub {
  private readonly streams = new Set<LiveStream>();
  private readonly byUser = new Map<string, Set<LiveStream>>();
  private readonly recent: RecentEvent[] = [];
  private readonly processId = randomBytes(6).toString('hex');
  private seq = 0;
  private heartbeat: NodeJS.Timeout | undefined;
  private checking = false;
  /** The event being delivered, and those after it waiting their turn (fanOut). */
  private delivering: Promise<void> = Promise.resolve();

  constructor(
    private readonly ctx: AppContext,
    readonly limits: LiveHubLimits = LIVE_LIMITS,
  ) {}

  start(): void {
    this.heartbeat ??= setInterval(() => void this.beat(), this.limits.heartbeatMs);
    this.heartbeat.unref();
  }

  /** Ends every stream (a shutdown): clients reconnect, to another process behind the proxy. */
  stop(): void {
    clearInterval(this.heartbeat);
    this.heartbeat = undefined;
    for (const stream of [...this.streams]) this.end(stream);
  }

  get size(): number {
    return this.streams.size;
  }

  /** Whether one more stream is allowed for this session and address (counted in this process). */
  admits(address: string, tokenHash: string | null): boolean {
    let ofAddress = 0;
    let ofSession = 0;
    for (const stream of this.streams) {
      if (stream.address === address) ofAddress += 1;
      if (tokenHash && stream.tokenHash === tokenHash) ofSession += 1;
    }
    return (
      ofAddress < Math.ceil(this.limits.streamsPerAddress * this.ctx.config.ipRateLimitFactor) &&
      ofSession < this.limits.streamsPerSession
    );
  }

  async open(
    raw: ServerResponse,
    who: { address: string; user: PublicUser | null; token: string | null },
    lastEventId: string | undefined,
  ): Promise<void> {
    const member = who.user ? (await repo.acceptedMembers(this.ctx.db, [who.user._id])).size > 0 : false;
    const stream: LiveStream = {
      raw,
      address: who.address,
      user: who.user,
      token: who.token,
      tokenHash: who.token ? hashToken(who.token) : null,
      member,
      closed: false,
    };
    this.streams.add(stream);
    if (stream.user) {
      const own = this.byUser.get(stream.user._id) ?? new Set();
      own.add(stream);
      this.byUser.set(stream.user._id, own);
    }
    raw.once('close', () => this.forget(stream));
    this.write(stream, `retry: ${this.limits.retryMs}\n: connected\n\n`);
    if (lastEventId !== undefined) this.catchUp(stream, lastEventId);
  }

  /** A message from the channel: numbered, kept, and sent to the streams it concerns. */
  receive(message: LiveMessage): void {
    this.seq += 1;
    const event = { seq: this.seq, message };
    this.recent.push(event);
    if (this.recent.length > this.limits.recentEvents) this.recent.shift();
    this.fanOut([...this.audienceOf(message)], event);
  }

  /** Events may have been missed (the listening connection was lost): every client fetches again. */
  resync(): void {
    this.seq += 1;
    const frame = this.frame(this.seq, 'resync', {});
    for (const stream of this.streams) this.write(stream, frame);
  }

  private audienceOf(message: LiveMessage): Iterable<LiveStream> {
    if (message.kind === 'programme') return this.streams;
    const audience: LiveStream[] = [];
    for (const userId of message.userIds) {
      for (const stream of this.byUser.get(userId) ?? []) {
        if (message.kind === 'review' && !stream.member) continue;
        audience.push(stream);
      }
    }
    return audience;
  }

  private catchUp(stream: LiveStream, lastEventId: string): void {
    const [processId, number] = lastEventId.split('-');
    const seq = Number(number ?? '');
    const oldest = this.recent[0]?.seq ?? this.seq + 1;
    // From another process or a restart, or older than the ring: what was missed is unknown.
    if (processId !== this.processId || !Number.isInteger(seq) || seq > this.seq || seq < oldest - 1) {
      this.write(stream, this.frame(this.seq, 'resync', {}));
      return;
    }
    for (const event of this.recent)
      if (event.seq > seq && [...this.audienceOf(event.message)].includes(stream)) this.fanOut([stream], event);
  }

  /**
   * Events go out one after another, each to its whole audience: a stream gets them in order, and
   * the counts an event carries are never older than an earlier event's.
   */
  private fanOut(audience: LiveStream[], event: RecentEvent): void {
    if (audience.length === 0) return;
    this.delivering = this.delivering
      .then(() => this.deliver(audience, event))
      .catch((error: unknown) => this.ctx.log.warn({ err: error }, 'live event not delivered'));
  }

  /**
   * One event to its audience: the sessions of all its streams checked in one statement (and the
   * memberships for `review`), what it says read once per reader, and serialised once per reader:
   * a user's tabs share the frame, and an event that says the same to everyone (`programme`,
   * `paper`, `job`, `review`) is serialised once in all.
   */
  private async deliver(audience: LiveStream[], event: RecentEvent): Promise<void> {
    const { message } = event;
    if (message.kind === 'programme') {
      const frame = this.frame(event.seq, 'programme', { version: message.version });
      for (const stream of audience) this.write(stream, frame);
      return;
    }
    const readers = new Map<string, { user: PublicUser; streams: LiveStream[] }>();
    for (const stream of audience) {
      if (stream.closed || !stream.user || !stream.tokenHash) continue;
      const reader = readers.get(stream.user._id) ?? { user: stream.user, streams: [] };
      reader.streams.push(stream);
      readers.set(stream.user._id, reader);
    }
    if (readers.size === 0) return;
    const userIds = [...readers.keys()];
    const tokenHashes = [...new Set([...readers.values()].flatMap(({ streams }) => streams.map((s) => s.tokenHash!)))];
    // The sessions checked again (a session ended elsewhere stops the stream before anything is
    // said) while what the event says is read: one round trip, not two, before the first write.
    const [live, members, data] = await Promise.all([
      repo.liveTokenHashes(this.ctx.db, tokenHashes, SESSION_IDLE_MS),
      message.kind === 'review' ? repo.acceptedMembers(this.ctx.db, userIds) : undefined,
      message.kind === 'chat' || message.kind === 'notification'
        ? Promise.all([...readers.values()].map(({ user }) => this.readerData(user, message)))
        : undefined,
    ]);
    const shared = data === undefined ? this.frame(event.seq, message.kind, sameForAll(message)) : undefined;
    [...readers.values()].forEach(({ user, streams }, i) => {
      const frame = shared ?? this.frame(event.seq, message.kind, data![i]!);
      for (const stream of streams) {
        if (!live.has(stream.tokenHash!)) this.close(stream, 'session_ended');
        else if (members && !members.has(user._id)) this.close(stream, 'membership_ended');
        else this.write(stream, frame);
      }
    });
  }

  /** What a chat or notification event says to this reader, read now (the channel carries ids only). */
  private async readerData(user: PublicUser, message: LiveMessage & { kind: 'chat' | 'notification' }) {
    if (message.kind === 'notification') return { unreadCount: await unreadCount(this.ctx, user) };
    const summary = await unreadSummary(this.ctx, user);
    const paper = summary.unreadSummary.find((entry) => entry.paperId === message.paperId);
    return { paperId: message.paperId, unreadCount: paper?.unreadCount ?? 0, totalUnread: summary.totalUnread };
  }

  /**
   * The heartbeat, and the sessions and memberships of every stream checked in two statements
   * (not one per stream), so a session revoked without any event still ends its streams.
   */
  private async beat(): Promise<void> {
    for (const stream of this.streams) this.write(stream, ': heartbeat\n\n');
    if (this.checking) return;
    this.checking = true;
    try {
      const signedIn = [...this.streams].filter((stream) => stream.tokenHash);
      const live = await repo.liveTokenHashes(
        this.ctx.db,
        [...new Set(signedIn.map((s) => s.tokenHash!))],
        SESSION_IDLE_MS,
      );
      const memberIds = [...new Set(signedIn.filter((s) => s.member).map((s) => s.user!._id))];
      const members = await repo.acceptedMembers(this.ctx.db, memberIds);
      for (const stream of signedIn) {
        if (!live.has(stream.tokenHash!)) this.close(stream, 'session_ended');
        else if (stream.member && !members.has(stream.user!._id)) this.close(stream, 'membership_ended');
      }
    } catch (error) {
      this.ctx.log.warn({ err: error }, 'live streams: session check failed');
    } finally {
      this.checking = false;
    }
  }

  private frame(seq: number, kind: string, data: object): string {
    return `id: ${this.processId}-${seq}\nevent: ${kind}\ndata: ${JSON.stringify(data)}\n\n`;
  }

  /** Tells the client why, then ends the stream; the client does not reconnect after this. */
  private close(stream: LiveStream, reason: LiveCloseReason): void {
    this.write(stream, `event: closed\ndata: ${JSON.stringify({ reason })}\n\n`);
    this.end(stream);
  }

  private write(stream: LiveStream, chunk: string): void {
    if (stream.closed) return;
    stream.raw.write(chunk);
    // A client that does not read: its backlog is bounded, then it is dropped (it reconnects and catches up).
    if (stream.raw.writableLength > this.limits.maxBufferedBytes) {
      this.forget(stream);
      stream.raw.destroy();
    }
  }

  private end(stream: LiveStream): void {
    if (stream.closed) return;
    this.forget(stream);
    stream.raw.end();
  }

  private forget(stream: LiveStream): void {
    stream.closed = true;
    this.streams.delete(stream);
    if (!stream.user) return;
    const own = this.byUser.get(stream.user._id);
    own?.delete(stream);
    if (own?.size === 0) this.byUser.delete(stream.user._id);
  }
}
