import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  DecisionReleaseSettings,
  ReleaseBatch,
  ReleasePreview,
  decisionReleaseSavedResponseSchema,
} from '@shared/schemas/decision-release.ts';
import type { DecisionReleaseMode } from '@shared/domain/decision-release.ts';
import { api, type ResponseOf } from '@client/lib/api.ts';
import { queryKeys } from '@client/lib/query-keys.ts';

const PATH = '/admin/decision-release';

/** Under the dashboard's key: a status change or a release refreshes it with the paper list. */
const settingsQuery = () =>
  queryOptions({
    queryKey: queryKeys.admin.dashboard('decision-release'),
    queryFn: () => api<DecisionReleaseSettings>(PATH),
  });

/** The setting, the notification date in force and how many decisions are held. */
export function useDecisionRelease() {
  return useQuery(settingsQuery());
}

export function useSaveReleaseMode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mode: DecisionReleaseMode) =>
      api<ResponseOf<typeof decisionReleaseSavedResponseSchema>>(PATH, { method: 'PUT', body: { mode } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: settingsQuery().queryKey }),
  });
}

/** The held decisions of the selection (every one without a selection). */
export type ReleaseScope = { paperIds?: readonly string[] };

export function previewRelease(scope: ReleaseScope): Promise<ReleasePreview> {
  return api<ReleasePreview>(`${PATH}/preview`, { method: 'POST', body: scope });
}

export interface ReleaseOutcome {
  released: ReleaseBatch['released'];
  skipped: ReleaseBatch['skipped'];
}

/**
 * Releases batch after batch until none of the scope is left (or only decisions the papers refuse),
 * reporting after each how many are done. A failing batch stops the rest; what was released stays.
 */
async function releaseInBatches(scope: ReleaseScope, onProgress: (done: number) => void): Promise<ReleaseOutcome> {
  const outcome: ReleaseOutcome = { released: [], skipped: [] };
  for (;;) {
    const batch = await api<ReleaseBatch>(`${PATH}/release`, { method: 'POST', body: scope });
    outcome.released.push(...batch.released);
    for (const skipped of batch.skipped)
      if (!outcome.skipped.some((known) => known._id === skipped._id)) outcome.skipped.push(skipped);
    onProgress(outcome.released.length);
    if (batch.released.length === 0 || batch.remaining === 0) return outcome;
  }
}

export function useReleaseDecisions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ scope, onProgress }: { scope: ReleaseScope; onProgress: (done: number) => void }) =>
      releaseInBatches(scope, onProgress),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: queryKeys.admin.all }),
  });
}
