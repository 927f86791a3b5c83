import { useMutation } from '@tanstack/react-query';
import type { PreflightKind, preflightResponseSchema } from '@shared/schemas/preflight.ts';
import { upload, type ResponseOf } from '@client/lib/api.ts';

/** Sends a chosen file to the server's preflight (the upload's own check) before it is submitted. */
export function usePreflightCheck(kind: PreflightKind) {
  return useMutation({
    mutationFn: async (file: File) => {
      const form = new FormData();
      form.append('pdf', file);
      return (await upload<ResponseOf<typeof preflightResponseSchema>>(`/papers/preflight?kind=${kind}`, form)).report;
    },
  });
}
