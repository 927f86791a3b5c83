import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import type { MailKind } from '@shared/domain/outbox.ts';
import type { Db, DbOrTx } from '../db/client.ts';
import { mailOutbox } from '../db/schema/index.ts';
import type { MailAttachment } from '../db/schema/notifications.ts';

export interface OutgoingMail {
  kind: MailKind;
  to: string;
  subject: string;
  text: string;
  notificationId?: string;
  attachments?: MailAttachment[];
  recipientId?: string;
  paperId?: string | null;
  /** The organiser whose action wrote it. */
  queuedBy?: string;
}

const MAX_ATTEMPTS = 10;
/**
 * A claimed mail is retried after this lease if its sender died mid-send. One mail is claimed at
 * a time and its sending is bounded by the transport's timeouts (30 s), far within the lease, so
 * no other process can claim it again while it is being sent, however slow the mail server (a
 * batch of ten claimed at once outlived its lease with a server taking a minute a mail, and
 * another process sent the rest again).
 */
const DEFAULT_LEASE_MS = 5 * 60_000;
const IDLE_POLL_MS = 15_000;
/** How long stop() waits for the mail being handed to the mail server (its timeouts allow 30 s). */
const STOP_WAIT_MS = 3_000;

export function retryDelayMs(attempts: number): number {
  return Math.min(5_000 * 2 ** (attempts - 1), 60 * 60_000);
}

/**
 * Mail goes into a table first and a background sender delivers it with retries, so a slow
 * or failing mail server never fails the request that queued it and nothing is lost on restart.
 * Without a mail server every mail is still written, as `unsent`: the organisers read it in the
 * outbox and may send it again once a server is configured.
 */
export class MailOutbox {
  /**
   * Made at the first mail sent: nodemailer is imported then, so a start, and a server without
   * SMTP_URL at all, never loads it (40-60 ms of a restart's processor time).
   */
  private transport: Promise<Transporter> | undefined;
  private readonly smtpUrl: string | undefined;
  /** Whether a mail server is configured: without one nothing is sent, only written. */
  readonly canSend: boolean;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  /** A kick that came during a run: that run may have looked before the new mail existed. */
  private kickedWhileRunning = false;
  private stopped = true;
  /** Claimed by this process and not yet handed to the mail server. */
  private unsent: (typeof mailOutbox.$inferSelect)[] = [];

  private readonly leaseMs: number;
  /** The domain of Message-IDs: the sender's. */
  private readonly messageIdDomain: string;

  constructor(
    private readonly db: Db,
    smtpUrl: string | undefined,
    private readonly from: string,
    private readonly log: FastifyBaseLogger,
    options: { leaseMs?: number } = {},
  ) {
    this.leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
    this.messageIdDomain = /@([^>\s]+)/.exec(from)?.[1] ?? 'localhost';
    this.canSend = smtpUrl !== undefined && smtpUrl !== '';
    this.smtpUrl = smtpUrl;
  }

  private smtpTransport(): Promise<Transporter> {
    this.transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({
        url: this.smtpUrl,
        connectionTimeout: 10_000,
        socketTimeout: 20_000,
      } as Parameters<typeof nodemailer.createTransport>[0]),
    );
    return this.transport;
  }

  async enqueue(dbOrTx: DbOrTx, mail: OutgoingMail): Promise<void> {
    await dbOrTx.insert(mailOutbox).values(this.rowOf(mail));
  }

  /** The outbox row of a mail, for callers that insert many at once. */
  rowOf(mail: OutgoingMail): typeof mailOutbox.$inferInsert {
    return {
      status: this.canSend ? 'pending' : 'unsent',
      kind: mail.kind,
      recipientId: mail.recipientId,
      paperId: mail.paperId ?? null,
      queuedBy: mail.queuedBy,
      toAddress: mail.to,
      subject: mail.subject,
      textBody: mail.text,
      notificationId: mail.notificationId,
      attachments: mail.attachments?.length ? mail.attachments : null,
    };
  }

  start(): void {
    if (!this.canSend) return;
    this.stopped = false;
    this.kick();
  }

  /** Sends what is due now instead of waiting for the next poll. */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.kickedWhileRunning = true;
      return;
    }
    clearTimeout(this.timer);
    this.running = this.sendDue()
      .catch((error: unknown) => this.log.error({ err: error }, 'mail outbox run failed'))
      .finally(() => {
        this.running = undefined;
        if (this.stopped) return;
        if (this.kickedWhileRunning) {
          this.kickedWhileRunning = false;
          this.kick();
        } else {
          this.timer = setTimeout(() => this.kick(), IDLE_POLL_MS);
        }
      });
  }

  /**
   * Stops claiming at once. The mail being handed over meanwhile is waited for (at most
   * `waitMs`); a mail claimed but not yet handed over is released, due again now, so another
   * process (or the next start) sends it without waiting out the lease. A mail still being sent when the wait ends
   * keeps its lease: whether the server took it is unknown, so it is retried after the lease.
   */
  async stop(waitMs = STOP_WAIT_MS): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    let timer: NodeJS.Timeout | undefined;
    const gaveUp = await Promise.race([
      this.running?.then(() => false),
      new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), waitMs))),
    ]);
    clearTimeout(timer);
    if (gaveUp) {
      this.log.warn('mail outbox: a mail was still being sent at shutdown; it is retried after its lease');
      await this.release(this.unsent.splice(0)).catch((error: unknown) =>
        this.log.warn({ err: error }, 'mail outbox: claimed mail not released; it is retried after its lease'),
      );
    }
    void this.transport?.then((transport) => transport.close());
  }

  /**
   * Hands claimed mails back, due now, unless something changed them since the claim (sent, or
   * released and claimed again elsewhere: their lease differs), so releasing twice is harmless.
   */
  private async release(claimed: (typeof mailOutbox.$inferSelect)[]): Promise<void> {
    if (claimed.length === 0) return;
    const lease = claimed[0]!.nextAttemptAt;
    await this.db
      .update(mailOutbox)
      .set({ nextAttemptAt: sql`now()` })
      .where(
        and(
          inArray(
            mailOutbox.id,
            claimed.map((m) => m.id),
          ),
          eq(mailOutbox.status, 'pending'),
          eq(mailOutbox.nextAttemptAt, lease),
        ),
      );
  }

  private async claimDue(): Promise<(typeof mailOutbox.$inferSelect)[]> {
    // Claiming pushes next_attempt_at forward, so two server processes never send the same mail.
    return this.db.transaction(async (tx) => {
      const due = await tx
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, sql`now()`)))
        .orderBy(asc(mailOutbox.nextAttemptAt))
        .limit(1)
        .for('update', { skipLocked: true });
      if (due.length === 0) return [];
      return tx
        .update(mailOutbox)
        .set({ nextAttemptAt: new Date(Date.now() + this.leaseMs) })
        .where(
          inArray(
            mailOutbox.id,
            due.map((d) => d.id),
          ),
        )
        .returning();
    });
  }

  private async sendDue(): Promise<void> {
    for (;;) {
      if (this.stopped) return;
      const batch = await this.claimDue();
      if (batch.length === 0) return;
      this.unsent = batch;
      for (let mail = this.unsent.shift(); mail; mail = this.unsent.shift()) {
        if (this.stopped) {
          await this.release([mail, ...this.unsent.splice(0)]);
          return;
        }
        const attempts = mail.attempts + 1;
        try {
          await (
            await this.smtpTransport()
          ).sendMail({
            from: this.from,
            to: mail.toAddress,
            subject: mail.subject,
            text: mail.textBody,
            attachments: mail.attachments ?? undefined,
            // The same for every attempt of this mail: should a retry follow a send whose outcome
            // was unknown (a connection lost after the data), the receiving side can tell.
            messageId: `<${mail.id}@${this.messageIdDomain}>`,
          });
          await this.db
            .update(mailOutbox)
            .set({ status: 'sent', attempts, sentAt: new Date(), lastError: null })
            .where(eq(mailOutbox.id, mail.id));
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          this.log.warn({ mailId: mail.id, attempts, error: message }, 'mail delivery failed');
          await this.db
            .update(mailOutbox)
            .set({
              attempts,
              lastError: message.slice(0, 500),
              status: attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
              nextAttemptAt: new Date(Date.now() + retryDelayMs(attempts)),
            })
            .where(eq(mailOutbox.id, mail.id));
        }
      }
    }
  }
}
