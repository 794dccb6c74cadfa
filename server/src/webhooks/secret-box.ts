import { secretBox } from '../auth/secret-box';

/** Webhook signing secrets, sealed under the server's `webhook_key`: a copy of the endpoints table alone signs nothing. */
const box = secretBox('webhook_key', 'webhook-key');
export const sealWebhookSecret = box.seal;
export const openWebhookSecret = box.open;
