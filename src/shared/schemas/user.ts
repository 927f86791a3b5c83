import { z } from 'zod';
import { ROLES } from '../constants.ts';

/** A user as any signed-in client may see it: never the password hash. */
export const publicUserSchema = z.object({
  _id: z.string(),
  username: z.string(),
  email: z.string(),
  customUserId: z.string(),
  role: z.enum(ROLES),
  createdAt: z.string(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

export const userResponseSchema = z.object({
  success: z.literal(true),
  user: publicUserSchema,
  message: z.string().optional(),
});
export type UserResponse = z.infer<typeof userResponseSchema>;

export const messageResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
});
