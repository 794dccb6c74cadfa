import { pathEscape } from './headers';
import { mountedPath, type Mount } from './mount';

export interface ListingEntry {
  name: string;
  cid: string;
  /** The link's cumulative DAG size (data and metadata), as IPFS listings show it. */
  size: number;
}

export interface ListingInput {
  /** Where the root answers (the path gateway, a subdomain, a DNSLink host). */
  mount: Mount;
  /** The decoded path below the root. */
  segments: string[];
  /** The directory listed. */
  dir: string;
  dagSize: number;
  entries: ListingEntry[];
  total: number;
  /** `?token=…` of the signed link the listing was opened with, kept on the links by path below it. */
  linkQuery?: string;
}

/** Changes with the page's markup: listings are cached by an ETag that names it. */
export const LISTING_VERSION = 'cairn-3';

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];

/** 1024-based with the binary units, as the console shows sizes: "4 B", "1.5 KiB", "12 MiB". */
export function humanSize(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (Math.round(value) >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : value >= 10 ? 1 : 2;
  return `${Number(value.toFixed(digits))} ${UNITS[unit]}`;
}

const shortCid = (cid: string) => (cid.length > 16 ? `${cid.slice(0, 8)}…${cid.slice(-6)}` : cid);

const FILE_ICON =
  '<svg class="icon" viewBox="0 0 24 24" aria-hidden="true"><path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z"/><path d="M14 3v5h5"/></svg>';
const UP_ICON = '<svg class="icon" viewBox="0 0 24 24" aria-hidden="true"><path d="M12 19V5M5 12l7-7 7 7"/></svg>';

/** Inline only: the gateway's sandbox CSP allows inline styles and nothing else (no scripts, no fonts). */
const STYLE = `
:root{color-scheme:light dark;--bg:#f6f7f9;--card:#fff;--text:#111827;--muted:#6b7280;--border:#e5e7eb;--accent:#4f46e5}
@media (prefers-color-scheme:dark){:root{--bg:#0f1115;--card:#171a21;--text:#e5e7eb;--muted:#9ca3af;--border:#2a2f3a;--accent:#818cf8}}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--text);font:14px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif}
main{max-width:960px;margin:0 auto;padding:32px 20px}
header{margin-bottom:16px}
.brand{font-weight:700;color:var(--accent);margin-right:12px}
nav{display:inline}
h1{display:inline;font-size:15px;font-weight:600;overflow-wrap:anywhere}
h1 a,td a{color:var(--accent);text-decoration:none}
h1 a:hover,td a:hover{text-decoration:underline}
.dir-cid{margin:6px 0 0;font:12px ui-monospace,SFMono-Regular,Menlo,monospace;color:var(--muted);overflow-wrap:anywhere}
.card{background:var(--card);border:1px solid var(--border);border-radius:10px;overflow:hidden}
.summary{margin:0;padding:12px 16px;color:var(--muted);border-bottom:1px solid var(--border)}
table{width:100%;border-collapse:collapse;table-layout:fixed}
th{text-align:left;font-size:12px;font-weight:600;text-transform:uppercase;letter-spacing:.04em;color:var(--muted);padding:8px 16px;border-bottom:1px solid var(--border)}
td{padding:10px 16px;border-bottom:1px solid var(--border);vertical-align:middle;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
tr:last-child td{border-bottom:0}
td.name a{color:var(--text)}
.kind{width:44px;padding-right:0}
.icon{width:18px;height:18px;display:block;fill:none;stroke:var(--muted);stroke-width:1.8;stroke-linejoin:round}
.size{width:110px;text-align:right;font-variant-numeric:tabular-nums}
.cid{width:30%;font:12px ui-monospace,SFMono-Regular,Menlo,monospace}
.cid a{color:var(--muted)}
.more{margin:0;padding:12px 16px;color:var(--muted);border-top:1px solid var(--border)}
@media (max-width:640px){.cid{display:none}.size{width:80px}}
`;

/**
 * "Index of /ipfs/<cid>/a/b": every level a link, the root as the URL names it. The markup is the
 * one IPFS gateways share, so that tools which read listings understand this one too.
 */
function breadcrumbs(mount: Mount, segments: string[]): string {
  const { namespace, label, rootHref, levelBase } = mount.crumbs;
  let href = levelBase;
  let crumbs = `/${namespace}/<a href="${escape(rootHref)}">${escape(label)}</a>`;
  for (const segment of segments.slice(mount.hidden)) {
    href += `/${pathEscape(segment)}`;
    crumbs += `/<a href="${escape(href)}">${escape(segment)}</a>`;
  }
  return crumbs;
}

/** A styled listing of a directory: its path, a link up (below the root), and each entry with its CID and size. */
export function directoryPage(input: ListingInput): string {
  const here = mountedPath(input.mount, input.segments);
  const up =
    input.segments.length > input.mount.hidden
      ? `<tr><td class="kind">${UP_ICON}</td><td class="name"><a href="${escape(`${here}/..${input.linkQuery ?? ''}`)}">..</a></td><td class="cid"></td><td class="size"></td></tr>\n`
      : '';
  const rows = input.entries
    .map((entry) => {
      const href = `${here}/${pathEscape(entry.name)}${input.linkQuery ?? ''}`;
      // The CID link keeps the entry's name for a download, escaped as other IPFS listings escape it.
      const cid = input.mount.cidLink(entry.cid, entry.name);
      const opens = cid.external ? ' target="_blank" rel="noreferrer noopener"' : '';
      return `<tr><td class="kind">${FILE_ICON}</td><td class="name"><a href="${escape(href)}">${escape(entry.name)}</a></td><td class="cid"><a class="ipfs-hash" translate="no" href="${escape(cid.href)}"${opens}>${escape(shortCid(entry.cid))}</a></td><td class="size">${humanSize(entry.size)}</td></tr>`;
    })
    .join('\n');
  const more = input.total > input.entries.length ? `<p class="more">${input.entries.length} of ${input.total} entries shown.</p>` : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(`${here}/`)}</title><style>${STYLE}</style></head>
<body><main><header><span class="brand">Cairn</span><nav aria-label="Path"><h1>Index of ${breadcrumbs(input.mount, input.segments)}</h1></nav>
<p class="dir-cid" translate="no">${escape(input.dir)}</p></header>
<div class="card"><p class="summary">${input.total} ${input.total === 1 ? 'entry' : 'entries'} · ${humanSize(input.dagSize)}</p>
<table><thead><tr><th scope="col" class="kind"><span hidden>Type</span></th><th scope="col">Name</th><th scope="col" class="cid">CID</th><th scope="col" class="size">Size</th></tr></thead><tbody>
${up}${rows}</tbody></table>${more}</div></main></body></html>`;
}
