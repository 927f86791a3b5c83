import { statfs } from 'node:fs/promises';
import type { FastifyRequest } from 'fastify';
import type { PublicUser } from '@shared/schemas/user.ts';
import type { AppContext } from '@server/context.ts';
import type { DbOrTx } from '@server/db/client.ts';
import { AppError } from '@server/lib/app-error.ts';
import { receiveUpload, type ReceivedUpload, type UploadRules } from '@server/lib/multipart-upload.ts';
import { lockUser } from '../users/users.repository.ts';
import { bytesUploadedBy } from './storage-quota.repository.ts';

const MB = 1024 * 1024;
const inMb = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;

export const STORAGE_MESSAGES = {
  quotaExceeded: (limitBytes: number, usedBytes: number) =>
    `This upload does not fit in your storage limit of ${inMb(limitBytes)}: your files already use ${inMb(usedBytes)}. ` +
    'Please contact the organizers if you need more space.',
  diskFull:
    'Uploads are paused because the server is running out of disk space. Please try again later; the organizers have been alerted.',
} as const;

/** Admins upload on the organizers' behalf; only authors' uploads count against a quota. */
function hasQuota(actor: PublicUser): boolean {
  return actor.role !== 'admin';
}

/** Refuses every upload while the data volume is nearly full, so the database and what is stored stay writable. */
export async function assertDiskHasRoom(ctx: Pick<AppContext, 'config' | 'log'>): Promise<void> {
  const { bavail, bsize } = await statfs(ctx.config.dataDir);
  const freeBytes = bavail * bsize;
  if (freeBytes >= ctx.config.minFreeDiskBytes) return;
  ctx.log.error(
    { freeBytes, minFreeBytes: ctx.config.minFreeDiskBytes, dataDir: ctx.config.dataDir },
    `DISK NEARLY FULL: ${inMb(freeBytes)} free in DATA_DIR, below MIN_FREE_DISK_MB; every upload is refused until space is freed`,
  );
  throw new AppError('insufficient_storage', STORAGE_MESSAGES.diskFull);
}

/**
 * Reads an upload within the limits that protect the disk: the free-space guard, and for an
 * author the storage quota, cut off while streaming as soon as the upload would pass it.
 */
export async function receiveUploadWithinLimits(
  ctx: AppContext,
  request: FastifyRequest,
  actor: PublicUser,
  rules: UploadRules,
): Promise<ReceivedUpload> {
  await assertDiskHasRoom(ctx);
  if (!hasQuota(actor)) return receiveUpload(request, ctx.store, rules);
  const limitBytes = ctx.config.userStorageQuotaBytes;
  const usedBytes = await bytesUploadedBy(ctx.db, actor._id);
  return receiveUpload(request, ctx.store, rules, {
    remainingBytes: Math.max(0, limitBytes - usedBytes),
    exceededMessage: STORAGE_MESSAGES.quotaExceeded(limitBytes, usedBytes),
  });
}

/**
 * Called in the transaction that records an author's new files, before they are recorded: two
 * uploads streamed at once (on any process) may each have fitted on their own, so the sum is
 * checked again under the account's lock, and the later one is refused and rolled back.
 */
export async function assertRoomForUpload(
  tx: DbOrTx,
  ctx: Pick<AppContext, 'config'>,
  actor: PublicUser,
  newBytes: number,
): Promise<void> {
  if (!hasQuota(actor)) return;
  await lockUser(tx, actor._id);
  const usedBytes = await bytesUploadedBy(tx, actor._id);
  const limitBytes = ctx.config.userStorageQuotaBytes;
  if (usedBytes + newBytes > limitBytes)
    throw new AppError('too_large', STORAGE_MESSAGES.quotaExceeded(limitBytes, usedBytes));
}
