import type { Conference } from './conference-types.ts';

/**
 * The conference the specification describes, used when no CONFERENCE_FILE is given: the one
 * source file that names it, its year or its themes (src/architecture.test.ts checks this).
 */
export const DEFAULT_CONFERENCE: Conference = {
  fullName: 'International Conference on Theoretical, Applied, Computational and Experimental Mechanics',
  acronym: 'ICTACEM',
  year: 2025,
  shortName: 'ICTACEM 2025',
  edition: 'Ninth edition, held every three years since 1998',
  venue: 'Technical institute campus, West Bengal, India',
  location: 'West Bengal, India',
  discipline: 'aerospace and mechanics',
  timeZone: 'Asia/Kolkata',
  timeZoneName: 'IST',
  basePath: '/ictacem2025',
  idPrefix: 'ICTACEMP2025',
  // Papers store the label; the submission form shows the first with the spec's spelling (spec 2).
  themes: [
    { label: 'Aerodynamics and Fluid Mechanics', code: 'AFM', formLabel: 'Aerodymanics and Fluid Mechanics' },
    { label: 'Solid Mechanics and Dynamics', code: 'SMD' },
    { label: 'Flight Mechanics, Control and Navigation', code: 'FMCN' },
    { label: 'Propulsion and Combustion', code: 'PC' },
  ],
  presentationModes: [
    { label: 'Oral', for: 'everyone' },
    { label: 'Poster (Only for Students)', for: 'students' },
    { label: 'Video (Only for Students)', for: 'students' },
  ],
  // Values the specification does not give are "To be announced": never invented.
  contact: { email: 'To be announced', phone: 'To be announced', postalAddress: 'To be announced' },
  institute: { name: 'To be announced', websiteUrl: 'To be announced' },
  registration: { paymentPortal: "the host institute's continuing-education portal", programmeId: 'To be announced' },
  // Prices as printed, in Indian digit grouping (spec section 3).
  sponsorshipTiers: [
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
  ],
  sponsorshipBenefits: [
    'Sponsor logo on the conference banners and website',
    'Sponsor brochure in the registration kit',
  ],
  sponsorshipOpportunities: [
    { name: 'Exhibition Booth', price: 'Rs. 50,000' },
    { name: 'Sponsored Invited Talk', price: 'Rs. 2,00,000' },
    { name: 'Registration Kit', price: 'Rs. 2,00,000', limit: 'Limit: 1' },
    { name: 'Tea Break', price: 'Rs. 20,000', limit: 'Limit: 6' },
    { name: 'Banquet Dinner', price: 'To be announced', limit: '1 sponsor' },
    { name: 'Book of Abstracts advertisement, full page', price: 'Rs. 20,000' },
    { name: 'Book of Abstracts advertisement, half page', price: 'Rs. 10,000' },
    { name: 'Sponsor brochure in the registration kit', price: 'Rs. 10,000' },
  ],
  dates: {
    abstractOpens: '2025-07-21T00:00:00+05:30',
    earlyBirdOpens: '2025-09-01T00:00:00+05:30',
    abstractDeadline: '2025-10-15T23:59:59+05:30',
    biddingOpens: '2025-10-16T00:00:00+05:30',
    biddingCloses: '2025-10-20T23:59:59+05:30',
    reviewDeadline: '2025-10-28T23:59:59+05:30',
    authorResponseDeadline: '2025-10-30T23:59:59+05:30',
    notification: '2025-10-31T00:00:00+05:30',
    earlyBirdCloses: '2025-11-15T23:59:59+05:30',
    lateRegistrationOpens: '2025-11-16T00:00:00+05:30',
    paymentDeadline: '2025-12-10T23:59:59+05:30',
    fullPaperDeadline: '2025-12-10T23:59:59+05:30',
    conferenceStarts: '2025-12-15T09:00:00+05:30',
    conferenceEnds: '2025-12-17T18:00:00+05:30',
  },
};
