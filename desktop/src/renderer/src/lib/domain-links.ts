/** The address a verified custom domain serves on: plain HTTP, TLS being the operator's reverse proxy. */
export function domainUrl(hostname: string): string {
  return `http://${hostname}/`;
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
