/**
 * The address a verified custom domain serves on, over the scheme the app itself is reached by: a
 * deployment on HTTPS has its reverse proxy obtain the domain's certificate too (see the README's
 * on-demand TLS); anywhere else (a local server, the desktop app), plain HTTP.
 */
export function domainUrl(hostname: string, appProtocol: string = globalThis.location?.protocol ?? 'http:'): string {
  return `${appProtocol === 'https:' ? 'https' : 'http'}://${hostname}/`;
}

/** A name's target on a custom domain. */
export const nameTarget = (name: string): string => `/ipns/${name}`;

/**
 * What a custom domain serves, from what was typed: a bare CID becomes `/ipfs/<cid>`, an `/ipfs/`
 * or `/ipns/` path (or its `ipfs://` form) stays as it is, without trailing slashes.
 */
export function domainTarget(typed: string): string {
  const text = typed.trim().replace(/^(ip[fn]s):\/\//, '/$1/');
  if (text === '') return '';
  const path = text.startsWith('/') ? text : `/ipfs/${text}`;
  return path.replace(/\/+$/, '');
}
