import { useState } from 'react';
import { errorText } from '@client/lib/api.ts';
import { useToast } from '@client/lib/toast.tsx';
import { type ProgrammeEdit, useEditProgramme } from './programme-api.ts';

/**
 * A programme dialog's save: sends the edit, then says so and closes the dialog, or keeps it open
 * with the server's reason (or `failureText`) under its buttons.
 */
export function useProgrammeDialogSave(onClose: () => void, failureText: string) {
  const toast = useToast();
  const edit = useEditProgramme();
  const [failure, setFailure] = useState<string>();
  const save = (request: ProgrammeEdit) => {
    setFailure(undefined);
    edit.mutate(request, {
      onSuccess: (answer) => {
        toast.success(answer.message);
        onClose();
      },
      onError: (error) => setFailure(errorText(error, failureText)),
    });
  };
  return { save, failure, pending: edit.isPending };
}
