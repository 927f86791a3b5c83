import type { UseFormProps } from 'react-hook-form';

/**
 * For the forms that judge their fields when they are sent, and only then: a message stays
 * until the next try, however the fields change meanwhile, and focus stays where the person
 * left it. By default react-hook-form re-checks at every keystroke after a first try, and
 * moves focus to the first wrong field.
 */
export const VALIDATE_ON_SUBMIT_ONLY = {
  reValidateMode: 'onSubmit',
  shouldFocusError: false,
} as const satisfies UseFormProps;
