import type { HTMLAttributes } from 'react';
import { cn } from '@client/lib/cn.ts';

/**
 * The site's badge colours. Each concept (a paper's status, a payment, a delivery...) maps its
 * values to tones in one map of its own, so a colour means the same everywhere.
 */
export type BadgeTone = 'neutral' | 'info' | 'progress' | 'attention' | 'accent' | 'success' | 'danger';

const TONE_CLASSES: Record<BadgeTone, string> = {
  neutral: 'bg-slate-100 text-slate-700',
  info: 'bg-blue-100 text-blue-800',
  progress: 'bg-yellow-100 text-yellow-900',
  attention: 'bg-amber-100 text-amber-900',
  accent: 'bg-purple-100 text-purple-800',
  success: 'bg-green-100 text-green-800',
  danger: 'bg-red-100 text-red-800',
};

const RING_CLASSES: Record<BadgeTone, string> = {
  neutral: 'ring-slate-300',
  info: 'ring-blue-300',
  progress: 'ring-yellow-300',
  attention: 'ring-amber-300',
  accent: 'ring-purple-300',
  success: 'ring-green-300',
  danger: 'ring-red-300',
};

/**
 * A tone's colours alone, for what is coloured like a badge without its shape (a score, a
 * choice); `ringed` adds the ring colour for a caller that draws a ring.
 */
export function toneClass(tone: BadgeTone, { ringed = false } = {}): string {
  return ringed ? `${TONE_CLASSES[tone]} ${RING_CLASSES[tone]}` : TONE_CLASSES[tone];
}

const SIZES = { small: 'px-2.5 py-0.5', medium: 'px-3 py-1' } as const;

interface BadgeProps extends HTMLAttributes<HTMLSpanElement> {
  tone: BadgeTone;
  size?: keyof typeof SIZES;
}

/** A short state in a coloured pill: "Paid", "Review Awaited", "Changed". */
export function Badge({ tone, size = 'small', className, ...props }: BadgeProps) {
  return (
    <span
      className={cn(
        'inline-flex rounded-full text-xs font-semibold whitespace-nowrap',
        SIZES[size],
        TONE_CLASSES[tone],
        className,
      )}
      {...props}
    />
  );
}
