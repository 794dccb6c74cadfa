import type { CheckoutRequest, CheckoutResult, Payment, PlanList, ReferralSummary } from '@cairn/shared/api-types';
import { api } from './client';

/** Plans, checkout, payment orders and referrals. */
export const billingApi = {
  plans: (signal?: AbortSignal) => api.get<PlanList>('/plans', { signal }),
  checkout: (code: string, method: CheckoutRequest['method']) =>
    api.post<CheckoutResult>(`/plans/${encodeURIComponent(code)}/checkout`, { method, acceptTerms: true } satisfies CheckoutRequest),
  payment: (transactionId: string, signal?: AbortSignal) => api.get<Payment>(`/payments/${encodeURIComponent(transactionId)}`, { signal }),
  cancelPayment: (transactionId: string) => api.post<Payment>(`/payments/${encodeURIComponent(transactionId)}/cancel`),
  referrals: (signal?: AbortSignal) => api.get<ReferralSummary>('/referrals/me', { signal }),
};
