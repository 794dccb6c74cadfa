import { api } from './client';
import type { CheckoutResult, Payment, PaymentMethod, PlansOverview, ReferralSummary } from './billing-types';

/** Plans, checkout, payment orders and referrals. */
export const billingApi = {
  plans: (signal?: AbortSignal) => api.get<PlansOverview>('/plans', { signal }),
  checkout: (code: string, method: PaymentMethod) =>
    api.post<CheckoutResult>(`/plans/${encodeURIComponent(code)}/checkout`, { method, acceptTerms: true }),
  payment: (transactionId: string, signal?: AbortSignal) => api.get<Payment>(`/payments/${encodeURIComponent(transactionId)}`, { signal }),
  cancelPayment: (transactionId: string) => api.post<Payment>(`/payments/${encodeURIComponent(transactionId)}/cancel`),
  referrals: (signal?: AbortSignal) => api.get<ReferralSummary>('/referrals/me', { signal }),
};
