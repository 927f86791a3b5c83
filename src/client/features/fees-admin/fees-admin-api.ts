import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PaymentState, FullPaperRequirement } from '@shared/domain/fees.ts';
import type {
  AdminFees,
  AdminPayments,
  ConfirmPaymentBody,
  FeeCategoryBody,
  feeCategorySavedResponseSchema,
  feeSettingsResponseSchema,
  paymentDecisionResponseSchema,
  RejectPaymentBody,
} from '@shared/schemas/fees.ts';
import { api, type ResponseOf } from '@client/lib/api.ts';
import { queryKeys } from '@client/lib/query-keys.ts';

const feesKey = ['admin', 'fees'] as const;
/** What the payments list shows first: the payments waiting for an organiser. */
export const FIRST_PAYMENT_FILTER: PaymentState = 'entered';

const paymentsKey = (state: PaymentState | undefined) => ['admin', 'payments', state ?? 'all'] as const;

export function useAdminFees() {
  return useQuery(queryOptions({ queryKey: feesKey, queryFn: () => api<AdminFees>('/admin/fees') }));
}

export function useSaveCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: FeeCategoryBody }) =>
      api<ResponseOf<typeof feeCategorySavedResponseSchema>>(
        id ? `/admin/fees/categories/${encodeURIComponent(id)}` : '/admin/fees/categories',
        { method: id ? 'PUT' : 'POST', body },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: feesKey }),
  });
}

export function useDeleteCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api<{ message: string }>(`/admin/fees/categories/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: feesKey }),
  });
}

export function useSaveFeeSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fullPaperRequires: FullPaperRequirement) =>
      api<ResponseOf<typeof feeSettingsResponseSchema>>('/admin/fees/settings', {
        method: 'PUT',
        body: { fullPaperRequires },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: feesKey }),
  });
}

export function usePayments(state: PaymentState | undefined) {
  return useQuery(
    queryOptions({
      queryKey: paymentsKey(state),
      queryFn: () => api<AdminPayments>(`/admin/payments${state ? `?state=${state}` : ''}`),
    }),
  );
}

type Decision = ResponseOf<typeof paymentDecisionResponseSchema>;

export function useConfirmPayment(paperId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ConfirmPaymentBody) =>
      api<Decision>(`/admin/papers/${encodeURIComponent(paperId)}/payment/confirm`, { method: 'POST', body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.all }),
  });
}

export function useRejectPayment(paperId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RejectPaymentBody) =>
      api<Decision>(`/admin/papers/${encodeURIComponent(paperId)}/payment/reject`, { method: 'POST', body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.all }),
  });
}
