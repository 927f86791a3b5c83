// The site's messages for every field (z.config), installed with the first schema.
import './field-messages.ts';
import { z } from 'zod';

/**
 * The kinds of event GET /api/events sends. Each says what changed and for whom; the client
 * turns it into a cache update or a refetch. `resync`: events may have been missed (the server
 * lost its listening connection, or the Last-Event-ID is too old or from another process), so
 * every live query is fetched again once. `closed`: the stream ends for good (session ended).
 */
export const LIVE_EVENT_KINDS = ['chat', 'notification', 'paper', 'job', 'review', 'programme'] as const;
export type LiveEventKind = (typeof LIVE_EVENT_KINDS)[number];

export const chatLiveEventSchema = z.object({
  paperId: z.uuid(),
  /** The receiver's unread messages on this paper, and on all their papers. */
  unreadCount: z.number().int(),
  totalUnread: z.number().int(),
});
export const notificationLiveEventSchema = z.object({ unreadCount: z.number().int() });
export const paperLiveEventSchema = z.object({ paperId: z.uuid() });
export const jobLiveEventSchema = z.object({ jobId: z.uuid() });
export const reviewLiveEventSchema = z.object({ paperId: z.uuid().nullable() });
export const programmeLiveEventSchema = z.object({ version: z.number().int() });

export interface LiveEventData {
  chat: z.infer<typeof chatLiveEventSchema>;
  notification: z.infer<typeof notificationLiveEventSchema>;
  paper: z.infer<typeof paperLiveEventSchema>;
  job: z.infer<typeof jobLiveEventSchema>;
  review: z.infer<typeof reviewLiveEventSchema>;
  programme: z.infer<typeof programmeLiveEventSchema>;
}

/** Why the server ended a stream (the `closed` event's data); the client does not reconnect after these. */
export const LIVE_CLOSE_REASONS = ['session_ended', 'membership_ended'] as const;
export type LiveCloseReason = (typeof LIVE_CLOSE_REASONS)[number];

export const LIVE_MESSAGES = {
  tooManyStreams: 'Too many open live connections. Close some tabs and try again.',
} as const;

/** What the API reference says of the streams (they answer text/event-stream, not JSON). */
export const LIVE_STREAM_DESCRIPTION = {
  signedIn:
    'Server-Sent Events for the signed-in user: `chat`, `notification`, `paper`, `job`, `review`, `programme`, `resync`, `closed`. 401 without a session, 429 past the open streams allowed per session or address. Honours Last-Event-ID.',
  public:
    'Server-Sent Events for anyone: `programme` (a new published version) and `resync`. 429 past the open streams allowed per address.',
} as const;
