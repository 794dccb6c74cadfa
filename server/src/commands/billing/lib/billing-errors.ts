import { AppError, badRequest, conflict, notFound } from '../../../lib/errors';

/** The errors of plans and payments, each with its stable code (the UI translates the code). */
export const billingErrors = {
  planNotFound: () => notFound('plan_not_found', 'Selected plan not found'),
  planAlreadyActive: () => conflict('plan_already_active', 'This plan is already your current plan'),
  termsNotAccepted: () => badRequest('terms_not_accepted', 'Accept the terms and conditions to change plan'),
  cryptoUnavailable: () => badRequest('crypto_unavailable', 'cryptocurrency payments not available yet'),
  paymentsNotConfigured: () => new AppError(503, 'payments_not_configured', 'payments are not configured'),
  invalidTransaction: () => notFound('invalid_transaction', 'Invalid transaction ID'),
  providerFailed: () => new AppError(502, 'payment_provider_error', 'The payment provider could not start the payment; try again'),
  paymentUrlMissing: () => new AppError(502, 'payment_url_missing', 'Payment URL not received'),
  invalidRedirectUrl: () => new AppError(502, 'invalid_redirect_url', 'Invalid redirect URL'),
  verificationFailed: () => new AppError(502, 'payment_verification_failed', 'Error verifying payment status'),
  invalidSignature: (why: string) => badRequest('invalid_signature', why),
  planChangeFailed: () =>
    new AppError(502, 'plan_update_failed', 'Plan update error: the current subscription could not be ended; try again'),
};
