/** What two-factor sign-in says; apart from the schemas, so a page can show it without Zod. */
export const TWO_FACTOR_MESSAGES = {
  codeNeeded: 'Enter the 6-digit code from your authenticator app, or one of your recovery codes.',
  codeWrong:
    'That code is not correct, or it was already used. Enter the newest code from your authenticator app, or an unused recovery code.',
  enrolmentCodeWrong: 'That code is not correct. Check the time on your phone and enter the newest 6-digit code.',
  enrolmentNeeded: 'Organizers sign in with two-factor authentication. Please set it up before going on.',
  memberEnrolmentNeeded:
    'Committee members review with two-factor sign-in on. Please turn it on from your account page (Two-factor sign-in), then come back.',
  notStarted: 'Start the set-up again: scan a new QR code.',
  alreadyOn: 'Two-factor sign-in is already on for this account.',
  notOn: 'Two-factor sign-in is not on for this account.',
  requiredForOrganizers: "An organizer's account must keep two-factor sign-in.",
  enabled: 'Two-factor sign-in is on. Keep your recovery codes somewhere safe.',
  disabled: 'Two-factor sign-in is off.',
  codesRenewed: 'New recovery codes were made; the old ones no longer work.',
} as const;
