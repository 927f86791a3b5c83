import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { VISA_LIMITS } from '@shared/domain/letters.ts';
import { visaRequestBodySchema } from '@shared/schemas/letters.ts';
import { Button } from '@client/components/ui/button.tsx';
import { TextField } from '@client/components/ui/form-field.tsx';
import { errorText } from '@client/lib/api.ts';
import { VALIDATE_ON_SUBMIT_ONLY } from '@client/lib/form-options.ts';
import { useToast } from '@client/lib/toast.tsx';
import { useRequestVisaLetter } from './letters-api.ts';
import { Alert } from '@client/components/ui/alert.tsx';

const today = () => new Date().toISOString().slice(0, 10);

/** The passport details a consulate asks for, sent for the organisers to review. */
export function VisaRequestForm({ paperId, onDone }: { paperId: string; onDone: () => void }) {
  const toast = useToast();
  const request = useRequestVisaLetter(paperId);
  const [failure, setFailure] = useState<string>();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(visaRequestBodySchema),
    defaultValues: { fullNameAsInPassport: '', nationality: '', passportNumber: '', dateOfBirth: '' },
    ...VALIDATE_ON_SUBMIT_ONLY,
  });

  const onSubmit = handleSubmit((values) => {
    setFailure(undefined);
    request.mutate(values, {
      onSuccess: (answer) => {
        toast.success(answer.message);
        onDone();
      },
      onError: (error) => setFailure(errorText(error, 'The request could not be sent. Please try again later.')),
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Visa invitation letter request" className="mt-3 space-y-3">
      <p className="text-sm text-slate-600">
        Enter the details exactly as they appear in your passport. The organisers review each request before the letter
        is issued.
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label="Full name as in passport"
          autoFocus
          autoComplete="name"
          maxLength={VISA_LIMITS.fullName}
          error={errors.fullNameAsInPassport?.message}
          readOnly={request.isPending}
          {...register('fullNameAsInPassport')}
        />
        <TextField
          label="Nationality"
          autoComplete="off"
          maxLength={VISA_LIMITS.nationality}
          error={errors.nationality?.message}
          readOnly={request.isPending}
          {...register('nationality')}
        />
        <TextField
          label="Passport number"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={30}
          error={errors.passportNumber?.message}
          readOnly={request.isPending}
          {...register('passportNumber')}
        />
        <TextField
          label="Date of birth"
          type="date"
          autoComplete="bday"
          max={today()}
          error={errors.dateOfBirth?.message}
          readOnly={request.isPending}
          {...register('dateOfBirth')}
        />
      </div>
      {failure && <Alert>{failure}</Alert>}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onDone} disabled={request.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={request.isPending}>
          {request.isPending ? 'Sending...' : 'Send request'}
        </Button>
      </div>
    </form>
  );
}
