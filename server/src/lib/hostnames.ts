/** The host name of a `Host` value, lower-case, without its port or a final dot. */
export function hostnameOf(host: string): string {
  const bare = host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.replace(/:\d*$/, '');
  return bare.toLowerCase().replace(/\.$/, '');
}
