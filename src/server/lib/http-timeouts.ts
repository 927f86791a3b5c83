import { LIMITS } from '@shared/constants.ts';
import type { HttpTimeouts } from '../config.ts';

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
