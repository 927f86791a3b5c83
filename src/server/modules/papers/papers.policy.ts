import type { PublicUser } from '@shared/schemas/user.ts';
import type { PaperRow } from './papers.repository.ts';

/** Authors reach only their own papers; admins reach every paper. */
export function canAccessPaper(actor: PublicUser, paper: Pick<PaperRow, 'userId'>): boolean {
  return actor.role === 'admin' || paper.userId === actor._id;
}
