import { z } from 'zod';
import { okResponse } from './responses.ts';
import { LIMITS } from '../constants.ts';
import { TWO_FACTOR_MESSAGES } from '../domain/two-factor-messages.ts';

export { TWO_FACTOR_MESSAGES } from '../domain/two-factor-messages.ts';

export const RECOVERY_CODE_COUNT = 10;

/** What a person types: spaces and dashes are ignored, letters in any case. */
export function normaliseSecondFactorCode(code: string): string {
  return code.replace(/[\s-]/g, '').toLowerCase();
}

export const isTotpCode = (normalised: string) => /^\d{6}$/.test(normalised);
export const isRecoveryCode = (normalised: string) => /^[a-z2-7]{24}$/.test(normalised);

/** A 6-digit code or a recovery code, as typed. */
export const secondFactorCodeSchema = z
  .string()
  .trim()
  .min(1, TWO_FACTOR_MESSAGES.codeNeeded)
  .max(64, TWO_FACTOR_MESSAGES.codeWrong);

const currentPassword = z.string().min(1, 'Please enter your current password.').max(LIMITS.passwordMax);

export const enableTwoFactorBodySchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, TWO_FACTOR_MESSAGES.enrolmentCodeWrong),
  currentPassword,
});
export type EnableTwoFactorBody = z.infer<typeof enableTwoFactorBodySchema>;

/** Both factors again, to renew recovery codes or turn two-factor off: a stolen session and a phished password are not enough. */
export const bothFactorsBodySchema = z.object({ currentPassword, code: secondFactorCodeSchema });
export type BothFactorsBody = z.infer<typeof bothFactorsBodySchema>;

export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  /** Admins may not turn it off while the site requires it. */
  required: z.boolean(),
  recoveryCodesLeft: z.number(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

export const twoFactorEnrolmentSchema = z.object({
  /** Base32, for typing into an app that cannot scan. */
  secret: z.string(),
  otpauthUri: z.string(),
  /** The URI as a QR code, an SVG document. */
  qrSvg: z.string(),
});
export type TwoFactorEnrolment = z.infer<typeof twoFactorEnrolmentSchema>;

export const twoFactorStatusResponseSchema = okResponse(twoFactorStatusSchema.shape);
export const twoFactorEnrolmentResponseSchema = okResponse(twoFactorEnrolmentSchema.shape);
/** Shown once: the codes are stored only as hashes. */
export const recoveryCodesResponseSchema = okResponse({ message: z.string(), recoveryCodes: z.array(z.string()) });
