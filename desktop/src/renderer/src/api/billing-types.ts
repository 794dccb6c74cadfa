/** Wire shapes of the plans, payments and referrals API (openapi.yaml is the source of truth). */

/** A storage plan (`GET /plans`). `priceMonthlyEur` 0 means free. */
export interface Plan {
  code: string;
  name: string;
  storageLimitBytes: number;
  priceMonthlyEur: number;
  description: string;
  active: boolean;
  isDefault: boolean;
}

export interface PlansOverview {
  plans: Plan[];
  currentPlanCode: string;
  paymentsConfigured: boolean;
  cryptoAvailable: boolean;
}

export type PaymentMethod = 'card' | 'crypto';

export type CheckoutResult = { status: 'changed'; plan: Plan } | { status: 'redirect'; url: string; transactionId: string };

export type PaymentStatus = 'pending' | 'paid' | 'cancel' | 'uncleared' | 'declined' | 'expired' | 'refunded' | 'void' | 'error';

export interface Payment {
  transactionId: string;
  status: PaymentStatus;
  planCode: string;
  amountEur: number;
  createdAt: string;
  paidAt: string | null;
  /** The plan ordered; null if it was deleted since. */
  plan: Plan | null;
  applied: boolean;
}

export interface ReferredUser {
  id: string;
  /** Masked, like j***@example.com. */
  email: string;
  joinedAt: string;
  lastActivityAt: string | null;
  earnedMb: number;
  hasPaidPlan: boolean;
  active: boolean;
}

export interface ReferralSummary {
  code: string;
  link: string;
  totalReferrals: number;
  activeReferrals: number;
  totalEarnedMb: number;
  currentBonusMb: number;
  referrals: ReferredUser[];
}
