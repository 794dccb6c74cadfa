import { z } from 'zod';

/** How a plan can be paid. Only card payments are available; crypto is shown as coming soon. */
export const PAYMENT_METHODS = ['card', 'crypto'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** The states of a plan order; only `paid` gives the plan. */
export const ORDER_STATUSES = ['pending', 'paid', 'cancel', 'uncleared', 'declined', 'expired', 'refunded', 'void', 'error'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** The currency every plan is priced and paid in. */
export const PAYMENT_CURRENCY = 'EUR';

/**
 * Choosing a plan. `acceptTerms` must be true for the change to go ahead; the server answers
 * `terms_not_accepted` otherwise, so the form can show that message itself.
 */
export const checkoutSchema = z.object({
  method: z.enum(PAYMENT_METHODS, { error: 'method must be card or crypto' }).default('card'),
  acceptTerms: z.boolean({ error: 'acceptTerms must be true or false' }).default(false),
});
export type CheckoutInput = z.infer<typeof checkoutSchema>;
