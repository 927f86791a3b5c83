import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PublicUser } from '../../shared/schemas/user.ts';
import { api, ApiError } from './api.ts';

export const PROFILE_KEY = ['auth', 'profile'] as const;

/** The signed-in user, or null: a failed profile fetch means not authenticated (spec 8). */
export function useAuth() {
  const query = useQuery({
    queryKey: PROFILE_KEY,
    queryFn: async () => {
      try {
        return (await api<{ user: PublicUser }>('/auth/profile')).user;
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) return null;
        throw error;
      }
    },
    staleTime: 60_000,
    retry: false,
  });
  return {
    user: query.data ?? null,
    isLoading: query.isPending,
    isAdmin: query.data?.role === 'admin',
  };
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { email: string; password: string }) =>
      api<{ user: PublicUser }>('/auth/login', { method: 'POST', body }),
    onSuccess: ({ user }) => queryClient.setQueryData(PROFILE_KEY, user),
  });
}

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { username: string; email: string; password: string }) =>
      api<{ user: PublicUser }>('/auth/register', { method: 'POST', body }),
    onSuccess: ({ user }) => queryClient.setQueryData(PROFILE_KEY, user),
  });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<{ success: boolean }>('/auth/logout', { method: 'POST' }),
    onSuccess: () => {
      queryClient.setQueryData(PROFILE_KEY, null);
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'auth' && q.queryKey[0] !== 'site' });
    },
  });
}
