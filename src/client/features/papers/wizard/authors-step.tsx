import { useEffect, useId, useRef } from 'react';
import { type Control, useFieldArray, type UseFormRegister, useWatch } from 'react-hook-form';
import { PAPER_LIMITS } from '@shared/schemas/paper.ts';
import { Button, buttonClass } from '@client/components/ui/button.tsx';
import { TextField } from '@client/components/ui/form-field.tsx';
import { controlClass, labelClass } from './field-styles.ts';
import { isBlank, type WizardValues } from './wizard-validation.ts';

export const EMPTY_AUTHOR = { name: '', affiliation: '', address: '' };

interface AuthorsStepProps {
  register: UseFormRegister<WizardValues>;
  control: Control<WizardValues>;
  /** After a refused Next, empty fields are marked invalid. */
  markBlank: boolean;
}

/** The paper's authors; the first is the primary author, and the list never goes below one. */
export function AuthorsStep({ register, control, markBlank }: AuthorsStepProps) {
  const { fields, append, remove } = useFieldArray({ control, name: 'authors' });
  const authors = useWatch({ control, name: 'authors' });
  const invalid = (value: string | undefined) => (markBlank && isBlank(value ?? '')) || undefined;
  const addButtonRef = useRef<HTMLButtonElement>(null);
  const focusAddButton = useRef(false);
  const removeAuthor = (index: number) => {
    // The pressed button goes with its author; focus lands on Add Author once the list re-renders.
    focusAddButton.current = true;
    remove(index);
  };
  useEffect(() => {
    if (!focusAddButton.current) return;
    focusAddButton.current = false;
    addButtonRef.current?.focus();
  }, [fields.length]);

  return (
    <div className="space-y-5">
      {fields.map((field, index) => (
        <fieldset key={field.id} className="rounded-lg border border-slate-200 p-4">
          <legend className="px-1 text-sm font-semibold text-slate-900">
            Author {index + 1}
            {index === 0 && (
              <span className="ml-2 rounded-full bg-brand-50 px-2 py-0.5 text-xs text-brand-800">Primary Author</span>
            )}
          </legend>
          <div className="space-y-4">
            <TextField
              label="Name"
              autoComplete={index === 0 ? 'name' : 'off'}
              maxLength={PAPER_LIMITS.authorNameMax}
              aria-invalid={invalid(authors[index]?.name)}
              {...register(`authors.${index}.name`)}
            />
            <TextField
              label="Affiliation"
              autoComplete={index === 0 ? 'organization' : 'off'}
              maxLength={PAPER_LIMITS.affiliationMax}
              aria-invalid={invalid(authors[index]?.affiliation)}
              {...register(`authors.${index}.affiliation`)}
            />
            <AddressField index={index} register={register} invalid={invalid(authors[index]?.address)} />
          </div>
          {fields.length > 1 && (
            <Button
              variant="ghost"
              className="mt-3 px-2 text-red-700 hover:bg-red-50"
              onClick={() => removeAuthor(index)}
            >
              Remove Author {index + 1}
            </Button>
          )}
        </fieldset>
      ))}
      {fields.length < PAPER_LIMITS.authorsMax && (
        <button
          ref={addButtonRef}
          type="button"
          className={buttonClass('secondary')}
          onClick={() => append(EMPTY_AUTHOR)}
        >
          + Add Author
        </button>
      )}
    </div>
  );
}

function AddressField({
  index,
  register,
  invalid,
}: {
  index: number;
  register: UseFormRegister<WizardValues>;
  invalid: true | undefined;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        Address
      </label>
      <textarea
        id={id}
        rows={2}
        maxLength={PAPER_LIMITS.addressMax}
        className={controlClass}
        aria-invalid={invalid}
        {...register(`authors.${index}.address`)}
      />
    </div>
  );
}
