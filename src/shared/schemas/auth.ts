import { z } from 'zod';
import { LIMITS } from '../constants.ts';
import { printableInPdfs } from '../domain/pdf-printable.ts';
import { asOneLine, publishable } from '../domain/publishable-text.ts';
import { okResponse } from './responses.ts';
import { secondFactorCodeSchema } from './two-factor.ts';
import { publicUserSchema } from './user.ts';

export const MESSAGES = {
  passwordTooShort: `Password must be at least ${LIMITS.passwordMin} characters long`,
  adminPasswordTooShort: `An organizer's password must be at least ${LIMITS.adminPasswordMin} characters long`,
  signInPasswordTooShort: `Password must be at least ${LIMITS.signInPasswordMin} characters long`,
  passwordTooGuessable:
    "This password is built on the conference's name or your e-mail address, which attackers try first. Please choose another one.",
  passwordTooCommon:
    'This password is one of the most common passwords, which attackers try first. Please choose another one.',
  passwordTooLong: `Password must be at most ${LIMITS.passwordMax} characters long`,
  passwordsDoNotMatch: 'Passwords do not match',
  emailInvalid: 'Please enter a valid email address',
  captchaRequired: 'Please complete the verification challenge',
  usernameRequired: 'Please enter your name',
} as const;

export const emailSchema = z
  .string()
  .trim()
  .max(LIMITS.emailMax, MESSAGES.emailInvalid)
  .pipe(z.email(MESSAGES.emailInvalid))
  .transform((email) => email.toLowerCase());

export const passwordSchema = z
  .string()
  .min(LIMITS.passwordMin, MESSAGES.passwordTooShort)
  .max(LIMITS.passwordMax, MESSAGES.passwordTooLong);

export const loginBodySchema = z.object({
  email: emailSchema,
  // Login accepts any stored password length; the minimum applies when a password is chosen.
  password: z.string().min(1, MESSAGES.passwordTooShort).max(LIMITS.passwordMax, MESSAGES.passwordTooLong),
  /** The solved verification challenge (GET /auth/captcha); the server asks for it after failed attempts. */
  challenge: z
    .object({ id: z.uuid(MESSAGES.captchaRequired), answer: z.number().int().min(-1000).max(1000) })
    .optional(),
  /** Second factor of an account that has one: the authenticator's 6-digit code or a recovery code. */
  totp: secondFactorCodeSchema.optional(),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const registerBodySchema = z.object({
  // Printed on the acceptance letter of a paper that names no author.
  username: z
    .string()
    .trim()
    .min(1, MESSAGES.usernameRequired)
    .overwrite(asOneLine)
    .max(LIMITS.usernameMax)
    .superRefine(printableInPdfs('Name'))
    .superRefine(publishable('Name')),
  email: emailSchema,
  password: passwordSchema,
});
export type RegisterBody = z.infer<typeof registerBodySchema>;

export const forgotPasswordBodySchema = z.object({ email: emailSchema });
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBodySchema>;

export const resetPasswordBodySchema = z.object({ password: passwordSchema });

/** Client-side forms add a confirmation field that never leaves the browser. */
export const resetPasswordFormSchema = z
  .object({ password: passwordSchema, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    message: MESSAGES.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });

export const registerFormSchema = registerBodySchema
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    message: MESSAGES.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });

export const ACCOUNT_MESSAGES = {
  currentPasswordWrong: 'Your current password is not correct.',
  passwordChanged: 'Your password was changed. Every other session was signed out.',
  sessionNotFound: 'This session has already ended.',
} as const;

export const changePasswordBodySchema = z.object({
  currentPassword: z
    .string()
    .min(1, ACCOUNT_MESSAGES.currentPasswordWrong)
    .max(LIMITS.passwordMax, ACCOUNT_MESSAGES.currentPasswordWrong),
  newPassword: passwordSchema,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

/** The change-password form adds a confirmation that never leaves the browser. */
export const changePasswordFormSchema = changePasswordBodySchema
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: MESSAGES.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });

/** One signed-in session of the account, as its owner sees it. */
export const accountSessionSchema = z
  .object({
    _id: z.string(),
    /** Browser and system, read from the user agent, e.g. "Chrome on Linux". */
    device: z.string(),
    address: z.string(),
    createdAt: z.string(),
    lastSeenAt: z.string(),
    /** The session this list was asked for with. */
    current: z.boolean(),
  })
  .meta({ id: 'AccountSession' });
export type AccountSession = z.infer<typeof accountSessionSchema>;

export const signedInResponseSchema = okResponse({
  user: publicUserSchema,
  /** For API clients that send `Authorization: Bearer`; the browser uses the HttpOnly cookie. */
  token: z.string(),
  /** An admin who must set up two-factor sign-in before anything else (as the session says). */
  mustEnrolTwoFactor: z.boolean(),
});
export const captchaResponseSchema = okResponse({ challengeId: z.string(), a: z.number(), b: z.number() });
export const registrationStatusResponseSchema = okResponse({ registrationOpen: z.boolean() });
export const sessionResponseSchema = okResponse({
  user: publicUserSchema.nullable(),
  registrationOpen: z.boolean(),
  /** An admin who must set up two-factor sign-in before anything else. */
  mustEnrolTwoFactor: z.boolean(),
  /** An accepted member of the programme committee: the header links to their reviews. */
  committeeMember: z.boolean(),
});
export const profileResponseSchema = okResponse({ user: publicUserSchema });
export const resetRequestedResponseSchema = okResponse({
  message: z.string(),
  /** Without a mail server the link is logged instead of sent. */
  devMode: z.boolean().optional(),
});
export const accountSessionsResponseSchema = okResponse({ sessions: z.array(accountSessionSchema) });
export const sessionsEndedResponseSchema = okResponse({ ended: z.number() });
