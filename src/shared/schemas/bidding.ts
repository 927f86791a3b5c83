import { z } from 'zod';
import { BIDS } from '../domain/bidding.ts';
import { okResponse } from './responses.ts';

export const placeBidBodySchema = z.object({
  /** null clears the bid. */
  bid: z.enum(BIDS).nullable(),
});
export type PlaceBidBody = z.input<typeof placeBidBodySchema>;

/** A paper as a member bids on it: its title and theme only, whatever the review mode. */
export const biddablePaperSchema = z
  .object({ _id: z.string(), title: z.string(), theme: z.string(), bid: z.enum(BIDS).nullable() })
  .meta({ id: 'BiddablePaper' });
export type BiddablePaper = z.infer<typeof biddablePaperSchema>;

export const biddingSchema = z.object({
  opensAt: z.string(),
  closesAt: z.string(),
  open: z.boolean(),
  /** The member's own themes: their papers are listed first. */
  themes: z.array(z.string()),
  papers: z.array(biddablePaperSchema),
});
export type Bidding = z.infer<typeof biddingSchema>;

export const biddingResponseSchema = okResponse({ bidding: biddingSchema });
export const bidPlacedResponseSchema = okResponse({ message: z.string(), paper: biddablePaperSchema });
