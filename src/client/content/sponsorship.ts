import { TO_BE_ANNOUNCED } from './conference.ts';

export interface SponsorshipOpportunity {
  name: string;
  price: string;
  limit?: string;
}

// The tiers and their prices are the conference's configuration (currentConference().sponsorshipTiers).
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
