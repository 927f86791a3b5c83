import type { MailState } from '@shared/domain/outbox.ts';
import type { OutboxMail, OutboxMailSummary } from '@shared/schemas/outbox.ts';
import type { OutboxMailRow, OutboxSummaryRow } from './outbox.repository.ts';

function stateOf(row: Pick<OutboxSummaryRow, 'status' | 'lastError'>): MailState {
  if (row.status === 'pending') return row.lastError ? 'failed' : 'queued';
  return row.status;
}

export function presentMailSummary(row: OutboxSummaryRow): OutboxMailSummary {
  const state = stateOf(row);
  return {
    _id: row.id,
    kind: row.kind,
    state,
    to: row.toAddress,
    recipientName: row.recipientName,
    subject: row.subject,
    lastError: state === 'failed' ? row.lastError : null,
    attempts: row.attempts,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    retryAt: row.status === 'pending' && row.lastError ? row.nextAttemptAt.toISOString() : null,
  };
}

/**
 * One mail as sent. A security mail's text never leaves the server (a reset link signs its owner
 * in); the invitation link is given by the service to the organiser who sent it only.
 */
export function presentMail(
  row: OutboxMailRow,
  extra: { from: string; invitationLink: OutboxMail['invitationLink']; sendAgainRefusal: string | null },
): OutboxMail {
  return {
    ...presentMailSummary(row),
    from: extra.from,
    body: row.kind === 'security' ? null : row.textBody,
    attachments: (row.attachments ?? []).map((file) => ({
      filename: file.filename,
      contentType: file.contentType,
      size:
        file.encoding === 'base64'
          ? Buffer.from(file.content, 'base64').byteLength
          : Buffer.byteLength(file.content, 'utf8'),
    })),
    paperId: row.paperId,
    queuedByName: row.queuedByName,
    invitationLink: extra.invitationLink,
    sendAgainRefusal: extra.sendAgainRefusal,
  };
}
