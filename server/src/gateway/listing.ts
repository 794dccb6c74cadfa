import type { DirectoryListing } from '../content/types';

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A plain HTML index of a directory, as IPFS gateways show one. */
export function directoryPage(title: string, base: string, listing: DirectoryListing): string {
  const prefix = base.endsWith('/') ? base : `${base}/`;
  const rows = listing.entries
    .map((e) => {
      const href = `${prefix}${encodeURIComponent(e.name)}`;
      return `<tr><td><a href="${escape(href)}">${escape(e.name)}${e.type === 'directory' ? '/' : ''}</a></td><td>${e.size}</td><td><code>${escape(e.cid)}</code></td></tr>`;
    })
    .join('\n');
  return `<!doctype html><html><head><meta charset="utf-8"><title>${escape(title)}</title>
<style>body{font:14px system-ui,sans-serif;margin:24px}td{padding:2px 12px 2px 0}code{color:#555}</style></head>
<body><h1>${escape(title)}</h1><table><thead><tr><th>Name</th><th>Size</th><th>CID</th></tr></thead><tbody>
${rows}</tbody></table>${listing.total > listing.entries.length ? `<p>${listing.entries.length} of ${listing.total} entries shown.</p>` : ''}</body></html>`;
}
