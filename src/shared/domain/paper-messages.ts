import { conferenceIdLabel } from '../conference.ts';

/** What the paper forms and routes say; apart from the schemas, so a page can show them without Zod. */
export const PAPER_MESSAGES = {
  stepOneIncomplete: 'Please complete all fields before proceeding',
  authorsIncomplete: 'Please complete all author fields before proceeding',
  allFieldsRequired: 'All fields are required',
  allAuthorFieldsRequired: 'All author fields are required',
  onlyPdf: 'Only PDF files are allowed',
  limitReached: 'You have reached the maximum limit of 1 paper submission.',
  get ictacemIdTaken() {
    return `${conferenceIdLabel()} already exists`;
  },
  get ictacemIdNotOwn() {
    return `The ${conferenceIdLabel()} must be your own conference ID, as shown on your profile.`;
  },
  confirmationRequired: 'Please confirm that you followed the abstract format and guidelines',
  paymentIdInvalid: 'Please enter a valid payment ID',
  paymentIdTaken:
    'This payment ID is already recorded for another paper. Please check it against your payment receipt.',
  reuploadNoFile: 'Please select a PDF file to upload',
  reuploadOnlyPdf: 'Please select a PDF file only.',
  reuploadTooLarge: 'File size must be less than 10MB.',
  fullPaperNoFile: 'Please select a PDF file',
  fullPaperTooLarge: 'File size should not exceed 10MB',
} as const;
