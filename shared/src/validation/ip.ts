import { z } from 'zod';

const ipv4 = z.ipv4();
const ipv6 = z.ipv6();

/** Strips an IPv4-mapped IPv6 prefix so that `::ffff:10.0.0.1` and `10.0.0.1` compare equal. */
export function normalizeIp(ip: string): string {
  const lower = ip.trim().toLowerCase();
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(lower);
  return mapped ? mapped[1]! : lower;
}

/**
 * A usable client address for an IP restriction: a valid IPv4 or IPv6 address that is not
 * unspecified (0.0.0.0, ::), not in 0.0.0.0/8, not broadcast and not multicast, since no request
 * can ever come from one of those.
 */
export function isAllowableIp(raw: string): boolean {
  const ip = normalizeIp(raw);
  if (ipv4.safeParse(ip).success) {
    const [first] = ip.split('.').map(Number) as [number];
    if (first === 0 || ip === '255.255.255.255') return false;
    return !(first >= 224 && first <= 239);
  }
  if (ipv6.safeParse(ip).success) {
    if (/^[0:]+$/.test(ip)) return false;
    return !ip.startsWith('ff');
  }
  return false;
}
