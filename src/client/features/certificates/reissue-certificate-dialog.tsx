import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { CERTIFICATE_KIND_LABELS } from '@shared/domain/certificates.ts';
import {
  type CertificateReissueBody,
  certificateReissueBodySchema,
  type IssuedCertificate,
} from '@shared/schemas/certificates.ts';
import { Alert } from '@client/components/ui/alert.tsx';
import { Button } from '@client/components/ui/button.tsx';
import { TextField } from '@client/components/ui/form-field.tsx';
import { ModalDialog } from '@client/components/ui/modal-dialog.tsx';
import { errorText } from '@client/lib/api.ts';
import { VALIDATE_ON_SUBMIT_ONLY } from '@client/lib/form-options.ts';
import { useToast } from '@client/lib/toast.tsx';
import { useReissueCertificate } from './certificates-api.ts';

/** A corrected name for a certificate: a new one with its own code; the old one's code says it was replaced. */
export function ReissueCertificateDialog({
  certificate,
  onClose,
}: {
  certificate: IssuedCertificate;
  onClose: () => void;
}) {
  const reissue = useReissueCertificate();
  const toast = useToast();
  const [error, setError] = useState<string>();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<CertificateReissueBody>({
    resolver: zodResolver(certificateReissueBodySchema),
    defaultValues: { holderName: certificate.holderName },
    ...VALIDATE_ON_SUBMIT_ONLY,
  });
  const onSubmit = handleSubmit(async (body) => {
    setError(undefined);
    try {
      toast.success((await reissue.mutateAsync({ letterId: certificate._id, body })).message);
      onClose();
    } catch (caught) {
      setError(errorText(caught, 'The certificate could not be reissued.'));
    }
  });
  return (
    <ModalDialog title={`Reissue the ${CERTIFICATE_KIND_LABELS[certificate.kind].toLowerCase()}`} onDismiss={onClose}>
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-4">
        <p className="text-sm text-slate-600">
          The certificate {certificate.verificationCode} is withdrawn and a new one, with a new code, takes its place.
          Both stay in its history.
        </p>
        <TextField
          label="Name as it should be printed"
          error={errors.holderName?.message}
          {...register('holderName')}
        />
        {error && <Alert>{error}</Alert>}
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={reissue.isPending}>
            Reissue
          </Button>
        </div>
      </form>
    </ModalDialog>
  );
}
