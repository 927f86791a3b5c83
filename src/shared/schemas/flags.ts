import './field-messages.ts';
import { z } from 'zod';

/**
 * A yes/no value sent as text (a query parameter or a form field): exactly `true` or `false`.
 * Anything else (`False`, `0`, `off`, `no`) is refused instead of read as either, so a typo can
 * never fail open.
 */
export const textFlagSchema = z
  .enum(['true', 'false'], { error: 'must be true or false' })
  .transform((v) => v === 'true');
