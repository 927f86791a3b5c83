import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ColumnMappingBody,
  confirmStatementResponseSchema,
  ImportStatementResponse,
  ResolveStatementRowBody,
  resolveStatementRowResponseSchema,
  saveColumnMappingResponseSchema,
  StatementReport,
} from '@shared/schemas/payment-statements.ts';
import { api, type ResponseOf, upload } from '@client/lib/api.ts';
import { queryKeys } from '@client/lib/query-keys.ts';

const BASE = '/admin/payment-statements';
const mappingKey = ['admin', 'payment-statements', 'mapping'] as const;

export function useColumnMapping() {
  return useQuery(
    queryOptions({
      queryKey: mappingKey,
      queryFn: () => api<{ mapping: ColumnMappingBody | null }>(`${BASE}/mapping`),
    }),
  );
}

export function useSaveColumnMapping() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mapping: ColumnMappingBody) =>
      api<ResponseOf<typeof saveColumnMappingResponseSchema>>(`${BASE}/mapping`, { method: 'PUT', body: mapping }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mappingKey }),
  });
}

export function useImportStatement() {
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('statement', file);
      return upload<ImportStatementResponse>(BASE, form);
    },
  });
}

/** Confirming and resolving change payments: every admin list is read again. */
export function useConfirmStatement(statementId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rowIds: string[] | undefined) =>
      api<ResponseOf<typeof confirmStatementResponseSchema>>(`${BASE}/${encodeURIComponent(statementId)}/confirm`, {
        method: 'POST',
        body: rowIds ? { rowIds } : {},
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.all }),
  });
}

export function useResolveRow(statementId: string, rowId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ResolveStatementRowBody) =>
      api<ResponseOf<typeof resolveStatementRowResponseSchema>>(
        `${BASE}/${encodeURIComponent(statementId)}/rows/${encodeURIComponent(rowId)}/resolve`,
        { method: 'POST', body },
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.all }),
  });
}

export type { StatementReport };
