import { TO_BE_ANNOUNCED } from './conference.ts';

export interface SponsorshipTier {
  name: string;
  price: string;
  benefits: readonly string[];
  /** Shown as a badge, e.g. when only one sponsor can take the tier. */
  limit?: string;
}

export interface SponsorshipOpportunity {
  name: string;
  price: string;
  limit?: string;
}

/** Prices are written as printed, in Indian digit grouping (spec section 3). */
export const sponsorshipTiers: readonly SponsorshipTier[] = [
  {
    name: 'Platinum',
    price: 'Rs. 2,50,000',
    benefits: ['Advertisement on the front inner page', '4 free registrations', '1 exhibition booth'],
    limit: 'One sponsor only',
  },
  {
    name: 'Gold',
    price: 'Rs. 2,00,000',
    benefits: ['Advertisement on the back inner page', '3 free registrations', '1 exhibition booth'],
    limit: 'One sponsor only',
  },
  {
    name: 'Silver',
    price: 'Rs. 1,50,000',
    benefits: ['Full colour page advertisement', '2 free registrations', '1 exhibition booth'],
  },
  {
    name: 'Bronze',
    price: 'Rs. 1,00,000',
    benefits: ['Half page advertisement', '1 free registration', '1 exhibition booth'],
  },
];

export const benefitsForAllTiers: readonly string[] = [
  'Sponsor logo on the conference banners and website',
  'Sponsor brochure in the registration kit',
];

export const additionalOpportunities: readonly SponsorshipOpportunity[] = [
  { name: 'Exhibition Booth', price: 'Rs. 50,000' },
  { name: 'Sponsored Invited Talk', price: 'Rs. 2,00,000' },
  { name: 'Registration Kit', price: 'Rs. 2,00,000', limit: 'Limit: 1' },
  { name: 'Tea Break', price: 'Rs. 20,000', limit: 'Limit: 6' },
  { name: 'Banquet Dinner', price: TO_BE_ANNOUNCED, limit: '1 sponsor' },
  { name: 'Book of Abstracts advertisement, full page', price: 'Rs. 20,000' },
  { name: 'Book of Abstracts advertisement, half page', price: 'Rs. 10,000' },
  { name: 'Sponsor brochure in the registration kit', price: 'Rs. 10,000' },
];
