import { z } from 'zod';

/** Custom domains one account may have. */
export const MAX_DOMAINS_PER_ACCOUNT = 20;
/** The longest DNS name (RFC 1035), dots included. */
export const HOSTNAME_MAX = 253;
export const DOMAIN_TARGET_MAX = 2048;

const LABEL = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/;

/**
 * A host name as Cairn keeps it: lower-case ASCII (an internationalized name in its `xn--` form,
 * as browsers send it in `Host`), no final dot; null when it is not a DNS name of at least two
 * labels: an IP address, a port, a path, credentials or an over-long label are all refused.
 */
export function normalizeHostname(raw: string): string | null {
  const text = raw.trim().replace(/\.$/, '');
  if (text === '' || /[\s/:@?#[\]\\%]/.test(text)) return null;
  let ascii: string;
  try {
    ascii = new URL(`http://${text}`).hostname;
  } catch {
    return null;
  }
  const labels = ascii.split('.');
  if (ascii.length > HOSTNAME_MAX || labels.length < 2 || !labels.every((label) => LABEL.test(label))) return null;
  // A top-level label is never numeric: this refuses IPv4 addresses in every spelling URL accepts.
  if (/^[0-9]+$/.test(labels.at(-1)!)) return null;
  return ascii;
}

/** `/ipfs/<cid>[/path]` or `/ipns/<name>`: what a custom domain's DNSLink must name. */
export const isDomainTarget = (target: string): boolean =>
  /^\/ipfs\/[A-Za-z0-9]{8,}(\/[^\s/]+)*$/.test(target) || /^\/ipns\/[A-Za-z0-9]{8,}$/.test(target);

/** `POST /domains`. */
export const domainCreateSchema = z.object({
  hostname: z
    .string()
    .min(1, 'hostname is required')
    .max(HOSTNAME_MAX, `hostname has at most ${HOSTNAME_MAX} characters`)
    .refine(
      (value) => normalizeHostname(value) !== null,
      'hostname must be a DNS name such as files.example.org, without scheme, port or path',
    )
    .transform((value) => normalizeHostname(value)!),
  target: z
    .string()
    .min(1, 'target is required')
    .max(DOMAIN_TARGET_MAX, `target has at most ${DOMAIN_TARGET_MAX} characters`)
    .refine(isDomainTarget, 'target must be /ipns/<name> or /ipfs/<cid>[/path]'),
});
export type DomainCreateInput = z.infer<typeof domainCreateSchema>;
