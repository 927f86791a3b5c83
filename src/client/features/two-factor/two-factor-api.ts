import { useMutation, useQuery, useQueryClient, queryOptions } from '@tanstack/react-query';
import type {
  BothFactorsBody,
  EnableTwoFactorBody,
  recoveryCodesResponseSchema,
  twoFactorEnrolmentResponseSchema,
  twoFactorStatusResponseSchema,
} from '@shared/schemas/two-factor.ts';
import { api, type ResponseOf } from '@client/lib/api.ts';
import { useRefreshSession } from '@client/lib/auth-api.ts';
import { queryKeys } from '@client/lib/query-keys.ts';
import type { messageResponseSchema } from '@shared/schemas/responses.ts';

function twoFactorStatusQuery() {
  return queryOptions({
    queryKey: queryKeys.account.twoFactor,
    queryFn: () => api<ResponseOf<typeof twoFactorStatusResponseSchema>>('/account/two-factor'),
  });
}

export function useTwoFactorStatus() {
  return useQuery(twoFactorStatusQuery());
}

export function useStartEnrolment() {
  return useMutation({
    mutationFn: () =>
      api<ResponseOf<typeof twoFactorEnrolmentResponseSchema>>('/account/two-factor/enrolment', { method: 'POST' }),
  });
}

/**
 * After a change the server's view of the user (two-factor on or off) is asked for afresh, without
 * waiting: the caller's own onSuccess must run first, to show the recovery codes before the page
 * re-renders for the new status.
 */
function useAfterChange() {
  const queryClient = useQueryClient();
  const refreshSession = useRefreshSession();
  return () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.account.twoFactor });
    void queryClient.invalidateQueries({ queryKey: queryKeys.account.sessions });
    void refreshSession();
  };
}

export function useEnableTwoFactor() {
  const afterChange = useAfterChange();
  return useMutation({
    mutationFn: (body: EnableTwoFactorBody) =>
      api<ResponseOf<typeof recoveryCodesResponseSchema>>('/account/two-factor/enable', { method: 'POST', body }),
    onSuccess: afterChange,
  });
}

export function useDisableTwoFactor() {
  const afterChange = useAfterChange();
  return useMutation({
    mutationFn: (body: BothFactorsBody) =>
      api<ResponseOf<typeof messageResponseSchema>>('/account/two-factor/disable', { method: 'POST', body }),
    onSuccess: afterChange,
  });
}

export function useRenewRecoveryCodes() {
  const afterChange = useAfterChange();
  return useMutation({
    mutationFn: (body: BothFactorsBody) =>
      api<ResponseOf<typeof recoveryCodesResponseSchema>>('/account/two-factor/recovery-codes', {
        method: 'POST',
        body,
      }),
    onSuccess: afterChange,
  });
}
