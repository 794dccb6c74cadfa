import type { AppContext } from '../../context';
import { badRequest } from '../../lib/errors';
import { hostnameOf } from '../../lib/hostnames';

/**
 * The names this deployment answers on itself (the app, the gateway origin, the S3 endpoint) and
 * the subdomain gateway's domain: none of them, nor any name below them, can be an account's domain.
 */
export function reservedHostnames(app: AppContext): string[] {
  const { config } = app;
  const urls = [config.publicUrl, config.gatewayOrigin, app.selfUrl].filter((url): url is string => url !== null);
  return [
    ...urls.map((url) => hostnameOf(new URL(url).host)),
    ...[config.gatewayDomain, config.s3?.hostName ?? null].filter((name): name is string => name !== null).map(hostnameOf),
    'localhost',
  ];
}

/** Whether `hostname` is one of `reserved` or below one of them. */
export const isReserved = (hostname: string, reserved: string[]): boolean =>
  reserved.some((name) => hostname === name || hostname.endsWith(`.${name}`));

/** Refuses a host name this deployment keeps for itself (400 invalid_parameter). */
export function assertAccountHostname(app: AppContext, hostname: string): void {
  if (isReserved(hostname, reservedHostnames(app))) {
    throw badRequest('invalid_parameter', `${hostname} is an address of this service itself and cannot be a custom domain`);
  }
}
