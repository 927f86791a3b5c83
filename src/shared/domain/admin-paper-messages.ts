/** What the organiser's paper forms and routes say; apart from the schemas, so a page can show them without Zod. */
export const ADMIN_MESSAGES = {
  marksRange: 'Marks must be between 0 and 100',
  marksWhole: 'Marks must be a whole number from 0 to 100',
  marksClearConflict: 'Send either marks or clearMarks, not both.',
  marksWouldErase: 'This paper already has marks. Enter marks from 0 to 100, or choose "Clear marks" to remove them.',
  onlyPdf: 'Please select a PDF file only.',
  noFile: 'Please select a file to upload.',
  fileUploaded: 'File uploaded successfully',
  fileDeleted: 'File deleted successfully.',
  conflict: 'This paper was changed by another administrator. Reload it and try again.',
} as const;
