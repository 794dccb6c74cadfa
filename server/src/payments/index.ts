import type { ServerConfig } from '../config/config';
import { createStripeProvider } from './stripe-provider';
import type { PaymentProvider } from './types';

export type { PaymentProvider } from './types';

/** The configured payment provider, or null when payments are not configured. */
export function createPaymentProvider(config: ServerConfig): PaymentProvider | null {
  return config.stripe ? createStripeProvider(config.stripe) : null;
}
