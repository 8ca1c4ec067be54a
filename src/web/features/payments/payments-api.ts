import { useEffect, useRef } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { BankDetailsInput, PayoutDetailsResponse, PayoutDetailsView } from '../../../domain/bank-details-schemas';
import type { CreatorBalance, InvoiceView, MilestoneFunding, PayoutView, ProjectFunding } from '../../../domain/payment-schemas';
import { apiFetch } from '../../lib/api';
import { refreshAfterProjectChange } from '../projects/projects-api';

export const PAYMENTS_KEY = ['payments'] as const;

export const paymentKeys = {
  project: (projectId: string) => [...PAYMENTS_KEY, 'project', projectId],
  invoices: [...PAYMENTS_KEY, 'invoices'],
  balance: [...PAYMENTS_KEY, 'balance'],
  payoutDetails: [...PAYMENTS_KEY, 'payout-details'],
} as const;

/** Money on the payment screens always shows its cents: one formatter, shared with the server's documents. */
export { formatMoneyCents } from '../../../domain/payment-schemas';

/** The form takes dollars, as people think; the request is in cents, as the ledger keeps them. */
export const dollarsToCents = (dollars: string): number => {
  const trimmed = dollars.trim().replace(/[$,\s]/g, '');
  if (trimmed === '' || !/^\d+(\.\d{0,2})?$/.test(trimmed)) return Number.NaN;
  return Math.round(Number(trimmed) * 100);
};

export const centsToDollars = (cents: number): string => (cents / 100).toFixed(2);

export function useProjectFunding(projectId: string, enabled = true) {
  return useQuery({
    queryKey: paymentKeys.project(projectId),
    queryFn: () => apiFetch<ProjectFunding>(`/api/payments/projects/${encodeURIComponent(projectId)}`),
    enabled,
  });
}

export function useFundMilestone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (milestoneId: string) => apiFetch<MilestoneFunding>(`/api/payments/milestones/${encodeURIComponent(milestoneId)}/fund`, { method: 'POST' }),
    onSettled: () => refreshAfterProjectChange(queryClient),
  });
}

export function useInvoices() {
  return useQuery({
    queryKey: paymentKeys.invoices,
    queryFn: async () => (await apiFetch<{ invoices: InvoiceView[] }>('/api/payments/invoices')).invoices,
  });
}

export function useCreatorBalance() {
  return useQuery({ queryKey: paymentKeys.balance, queryFn: () => apiFetch<CreatorBalance>('/api/payments/balance') });
}

export function useRequestPayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (amountCents: number) => apiFetch<unknown>('/api/payments/payouts', { method: 'POST', body: { amountCents } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PAYMENTS_KEY }),
  });
}

/** The creator withdraws a payout request that waits to be paid; the amount is available again (decision 228). */
export function useCancelPayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payoutId: string) => apiFetch<PayoutView>(`/api/payments/payouts/${encodeURIComponent(payoutId)}/cancel`, { method: 'POST' }),
    // Settled either way: a 409 means it was paid or cancelled meanwhile, and the list shows which.
    onSettled: () => queryClient.invalidateQueries({ queryKey: PAYMENTS_KEY }),
  });
}

/** Where the creator is paid, as the server shows it back: the account number masked. */
export function usePayoutDetails(enabled = true) {
  return useQuery({
    queryKey: paymentKeys.payoutDetails,
    queryFn: async (): Promise<PayoutDetailsView | null> => (await apiFetch<PayoutDetailsResponse>('/api/payments/payout-details')).details,
    enabled,
  });
}

export function useSavePayoutDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (details: BankDetailsInput) => (await apiFetch<PayoutDetailsResponse>('/api/payments/payout-details', { method: 'PUT', body: details })).details,
    onSuccess: (details) => queryClient.setQueryData(paymentKeys.payoutDetails, details),
  });
}

export function useConnectOnboarding() {
  return useMutation({
    mutationFn: () => apiFetch<{ url: string }>('/api/payments/connect/onboarding', { method: 'POST' }),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}

/**
 * Back from Stripe's onboarding (`?connect=return`, or `?connect=refresh` when its link had expired): the server reads
 * the account from Stripe and stores its state (decision 220), then the balance is read again with it. The parameter
 * is dropped from the address, so a reload does not ask again.
 */
export function useConnectReturn() {
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const landing = params.get('connect');
  const asked = useRef(false);
  const refresh = useMutation({
    mutationFn: () => apiFetch<{ connect: CreatorBalance['connect'] }>('/api/payments/connect/refresh', { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: paymentKeys.balance }),
  });
  const { mutate } = refresh;
  useEffect(() => {
    if ((landing !== 'return' && landing !== 'refresh') || asked.current) return;
    asked.current = true;
    mutate();
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.delete('connect');
        return next;
      },
      { replace: true },
    );
  }, [landing, mutate, setParams]);
  return refresh;
}

/** What an invoice is for: the project and its milestone, named once when a single milestone carries the project's title. */
export const forWhat = ({ projectTitle, milestoneTitle }: { projectTitle: string; milestoneTitle: string }): string =>
  milestoneTitle === projectTitle ? projectTitle : `${projectTitle} · ${milestoneTitle}`;
