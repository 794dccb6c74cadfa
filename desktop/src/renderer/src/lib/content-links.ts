/** Links to content on this server's gateway, and CIDs shortened for tables. */

/** `bafybeigdyrz…55fbzdi`: the head and tail a person compares; short CIDs stay whole. */
export function shortCid(cid: string, head = 10, tail = 6): string {
  return cid.length <= head + tail + 1 ? cid : `${cid.slice(0, head)}…${cid.slice(-tail)}`;
}

/** The content on this server's gateway (`origin` is the server's, also in the desktop app). */
export function gatewayUrl(origin: string, cid: string, path = ''): string {
  const tail = path
    .split('/')
    .filter(Boolean)
    .map((segment) => encodeURIComponent(segment))
    .join('/');
  return `${origin}/ipfs/${encodeURIComponent(cid)}${tail ? `/${tail}` : ''}`;
}

/**
 * The same content as a download. A browser link carries no bearer token, so the name to save as
 * travels in `filename` (the gateway percent-encodes it into `Content-Disposition`).
 */
export function downloadUrl(origin: string, cid: string, filename: string): string {
  return `${gatewayUrl(origin, cid)}?${new URLSearchParams({ download: '1', filename })}`;
}

/** A CID's DAG as a CAR, as the trustless gateway serves it (saved as `<cid>.car`). */
export function carUrl(origin: string, cid: string): string {
  return `${gatewayUrl(origin, cid)}?format=car`;
}

/** The in-app DAG viewer for a CID. */
export const dagPath = (cid: string) => `/dag/${encodeURIComponent(cid)}`;

/** The DAG viewer opened on a folder under the CID (`docs/a`); the root for an empty path. */
export const dagFolderPath = (cid: string, path: string) => (path ? `${dagPath(cid)}?${new URLSearchParams({ path })}` : dagPath(cid));

/** `docs` + `a.txt` → `docs/a.txt`: an entry's path under the root. */
export const joinPath = (folder: string, name: string) => (folder ? `${folder}/${name}` : name);
