import type { DirectoryListing } from '../content/types';

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'];

/** 1024-based, as the console shows sizes: "4 B", "1.5 KB", "12 MB". */
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

const FOLDER_ICON =
  '<svg class="icon" viewBox="0 0 24 24" aria-hidden="true"><path d="M3 7a2 2 0 0 1 2-2h4l2 2h8a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z"/></svg>';
const FILE_ICON =
  '<svg class="icon" viewBox="0 0 24 24" aria-hidden="true"><path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z"/><path d="M14 3v5h5"/></svg>';

/** Inline only: the gateway's sandbox CSP allows inline styles and nothing else (no scripts, no fonts). */
const STYLE = `
:root{color-scheme:light dark;--bg:#f6f7f9;--card:#fff;--text:#111827;--muted:#6b7280;--border:#e5e7eb;--accent:#4f46e5}
@media (prefers-color-scheme:dark){:root{--bg:#0f1115;--card:#171a21;--text:#e5e7eb;--muted:#9ca3af;--border:#2a2f3a;--accent:#818cf8}}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--text);font:14px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif}
main{max-width:960px;margin:0 auto;padding:32px 20px}
header{display:flex;align-items:baseline;gap:12px;flex-wrap:wrap;margin-bottom:16px}
.brand{font-weight:700;color:var(--accent)}
nav{font-size:15px;overflow-wrap:anywhere}
nav a{color:var(--accent);text-decoration:none}
nav a:hover,td a:hover{text-decoration:underline}
nav .sep{color:var(--muted);margin:0 4px}
.card{background:var(--card);border:1px solid var(--border);border-radius:10px;overflow:hidden}
.summary{margin:0;padding:12px 16px;color:var(--muted);border-bottom:1px solid var(--border)}
table{width:100%;border-collapse:collapse;table-layout:fixed}
th{text-align:left;font-size:12px;font-weight:600;text-transform:uppercase;letter-spacing:.04em;color:var(--muted);padding:8px 16px;border-bottom:1px solid var(--border)}
td{padding:10px 16px;border-bottom:1px solid var(--border);vertical-align:middle}
tr:last-child td{border-bottom:0}
td a{color:var(--text);text-decoration:none;display:inline-flex;align-items:center;gap:8px;max-width:100%}
td a span{overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.icon{width:18px;height:18px;flex:none;fill:none;stroke:var(--muted);stroke-width:1.8;stroke-linejoin:round}
.dir .icon{stroke:var(--accent)}
.size{width:110px;text-align:right;white-space:nowrap;font-variant-numeric:tabular-nums}
.cid{width:34%;font:12px ui-monospace,SFMono-Regular,Menlo,monospace;color:var(--muted);overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.more{margin:0;padding:12px 16px;color:var(--muted);border-top:1px solid var(--border)}
@media (max-width:640px){.cid{display:none}.size{width:80px}}
`;

/** `/ipfs/<cid>/a/b` as links to each level: the root CID, then each folder. */
function breadcrumbs(title: string): string {
  const [root = '', ...parts] = title
    .replace(/^\/ipfs\//, '')
    .split('/')
    .filter(Boolean);
  const levels = [root, ...parts];
  return levels
    .map((part, index) => {
      const href = `/ipfs/${levels
        .slice(0, index + 1)
        .map(encodeURIComponent)
        .join('/')}/`;
      const label = index === 0 && part.length > 16 ? `${part.slice(0, 8)}…${part.slice(-6)}` : part;
      return index === levels.length - 1
        ? `<span aria-current="page" title="${escape(part)}">${escape(label)}</span>`
        : `<a href="${escape(href)}" title="${escape(part)}">${escape(label)}</a>`;
    })
    .join('<span class="sep">/</span>');
}

/** A styled index of a directory, as IPFS gateways show one: breadcrumbs, folders and files, sizes, CIDs. */
export function directoryPage(title: string, base: string, listing: DirectoryListing): string {
  const prefix = base.endsWith('/') ? base : `${base}/`;
  const nested =
    title
      .replace(/^\/ipfs\//, '')
      .split('/')
      .filter(Boolean).length > 1;
  const parent = nested
    ? `<tr class="dir"><td><a href="../">${FOLDER_ICON}<span>..</span></a></td><td class="size"></td><td class="cid"></td></tr>`
    : '';
  const rows = listing.entries
    .map((e) => {
      const directory = e.type === 'directory';
      const href = `${prefix}${encodeURIComponent(e.name)}${directory ? '/' : ''}`;
      return `<tr${directory ? ' class="dir"' : ''}><td><a href="${escape(href)}">${directory ? FOLDER_ICON : FILE_ICON}<span>${escape(e.name)}</span></a></td><td class="size">${directory ? '' : humanSize(e.size)}</td><td class="cid" title="${escape(e.cid)}">${escape(e.cid)}</td></tr>`;
    })
    .join('\n');
  const more =
    listing.total > listing.entries.length ? `<p class="more">${listing.entries.length} of ${listing.total} entries shown.</p>` : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title><style>${STYLE}</style></head>
<body><main><header><span class="brand">Cairn</span><nav aria-label="Path">${breadcrumbs(title)}</nav></header>
<div class="card"><p class="summary">${listing.total} ${listing.total === 1 ? 'entry' : 'entries'}</p>
<table><thead><tr><th scope="col">Name</th><th scope="col" class="size">Size</th><th scope="col" class="cid">CID</th></tr></thead><tbody>
${parent}${rows}</tbody></table>${more}</div></main></body></html>`;
}
