import type { DbOrTx } from '../db/client.ts';
import { notifyChannel } from '../db/notify.ts';

/** The channel every server process listens on (db/client.ts: NOTIFY on PostgreSQL and on the embedded database alike). */
export const LIVE_CHANNEL = 'ictacem_live';

/**
 * What one change says on the channel: its kind, the ids it concerns and who is to hear of it.
 * Ids only: each process reads what it sends from the database afterwards, and a NOTIFY payload
 * must stay under 8,000 bytes.
 */
export type LiveMessage =
  | { kind: 'chat'; paperId: string; userIds: string[] }
  | { kind: 'notification'; userIds: string[] }
  | { kind: 'paper'; paperId: string; userIds: string[] }
  | { kind: 'job'; jobId: string; userIds: string[] }
  | { kind: 'review'; paperId: string | null; userIds: string[] }
  | { kind: 'programme'; version: number };

/** 150 ids of 36 characters and their quotes: about 5.9 kB, under the limit with room for the rest. */
const RECIPIENTS_PER_PAYLOAD = 150;
export const MAX_PAYLOAD_BYTES = 7900;

function payloadsOf(message: LiveMessage): string[] {
  if (!('userIds' in message)) return [JSON.stringify(message)];
  const unique = [...new Set(message.userIds)];
  const payloads: string[] = [];
  for (let start = 0; start < unique.length; start += RECIPIENTS_PER_PAYLOAD)
    payloads.push(JSON.stringify({ ...message, userIds: unique.slice(start, start + RECIPIENTS_PER_PAYLOAD) }));
  return payloads;
}

/**
 * Tells every server process about a change. Given a transaction, the message goes out when it
 * commits and never when it rolls back (NOTIFY is transactional), so a client is never told of
 * something it cannot read yet.
 */
export async function publishLive(db: DbOrTx, message: LiveMessage): Promise<void> {
  for (const payload of payloadsOf(message)) {
    if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) throw new Error('live message too large');
    await notifyChannel(db, LIVE_CHANNEL, payload);
  }
}

/** A payload read back from the channel; null for anything this version does not know. */
export function parseLiveMessage(payload: string): LiveMessage | null {
  try {
    const message = JSON.parse(payload) as LiveMessage;
    return typeof message === 'object' && message !== null && typeof message.kind === 'string' ? message : null;
  } catch {
    return null;
  }
}
