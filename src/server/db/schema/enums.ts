import { pgEnum } from 'drizzle-orm/pg-core';
import {
  NOTIFICATION_PRIORITIES,
  NOTIFICATION_TYPES,
  PAPER_STATUSES,
  ROLES,
  SUBMISSION_KINDS,
  SUBMISSION_VERSION_STATUSES,
} from '@shared/constants.ts';

export const roleEnum = pgEnum('user_role', ROLES);
export const paperStatusEnum = pgEnum('paper_status', PAPER_STATUSES);
export const submissionKindEnum = pgEnum('submission_kind', SUBMISSION_KINDS);
export const submissionVersionStatusEnum = pgEnum('submission_version_status', SUBMISSION_VERSION_STATUSES);
export const notificationTypeEnum = pgEnum('notification_type', NOTIFICATION_TYPES);
export const notificationPriorityEnum = pgEnum('notification_priority', NOTIFICATION_PRIORITIES);
export const chatAttachmentKindEnum = pgEnum('chat_attachment_kind', ['image', 'pdf', 'document']);
export const mailStatusEnum = pgEnum('mail_status', ['pending', 'sent', 'failed', 'unsent']);
