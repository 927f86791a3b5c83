import { LIMITS } from '../../shared/constants.ts';

/** How long the server waits on a client, at each stage of a connection (docs/security.md). */
export interface HttpTimeouts {
  /** No byte in either direction for this long ends the connection: a body that stalls mid-way, a silent client. */
  idleMs: number;
  /** The request line and headers must all arrive within this. */
  headersMs: number;
  /** The whole request, body included. Sized for the largest upload on a slow link. */
  requestMs: number;
  /** An idle keep-alive connection between two requests. Above nginx's 60 s upstream default, so the proxy closes first. */
  keepAliveMs: number;
}

/** The largest request the API accepts: a chat message with its five attachments. */
const LARGEST_UPLOAD_BYTES = LIMITS.chatFilesPerMessage * LIMITS.chatFileBytes;
/** A slow link that must still get the largest upload through: 256 kbit/s. */
const SLOW_LINK_BYTES_PER_SECOND = 256_000 / 8;

export const HTTP_TIMEOUTS: HttpTimeouts = {
  idleMs: 30_000,
  headersMs: 20_000,
  // 25 MB at 256 kbit/s takes about 13.7 minutes; with a margin, 15.
  requestMs: Math.max(15 * 60_000, Math.ceil((LARGEST_UPLOAD_BYTES / SLOW_LINK_BYTES_PER_SECOND) * 1000 * 1.05)),
  keepAliveMs: 65_000,
};
