import * as dagCbor from '@ipld/dag-cbor';
import * as dagJson from '@ipld/dag-json';
import type { CID } from 'multiformats/cid';
import { blockLinks } from '../content/block-links';
import { DAG_CBOR } from './blocks';

/** Changes with the page's markup: previews are cached by an ETag that names it. */
export const DAG_PAGE_VERSION = 'cairn-1';

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const STYLE = `
:root{color-scheme:light dark;--bg:#f6f7f9;--card:#fff;--text:#111827;--muted:#6b7280;--border:#e5e7eb;--accent:#4f46e5}
@media (prefers-color-scheme:dark){:root{--bg:#0f1115;--card:#171a21;--text:#e5e7eb;--muted:#9ca3af;--border:#2a2f3a;--accent:#818cf8}}
body{margin:0;background:var(--bg);color:var(--text);font:14px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif}
main{max-width:960px;margin:0 auto;padding:32px 20px}
.brand{font-weight:700;color:var(--accent);margin-right:12px}
h1{display:inline;font-size:15px;overflow-wrap:anywhere}
a{color:var(--accent)}
.card{background:var(--card);border:1px solid var(--border);border-radius:10px;padding:16px;margin-top:16px;overflow:auto}
pre{margin:0;font:13px/1.45 ui-monospace,SFMono-Regular,Menlo,monospace;white-space:pre-wrap;overflow-wrap:anywhere}
ul{margin:0;padding-left:20px}
.muted{color:var(--muted)}
`;

/**
 * A browser's view of a dag-json or dag-cbor document: its CID and codec, the document as
 * readable JSON, the CIDs it links to, and links to download it. No script runs in it.
 */
export function dagPage(path: string, cid: CID, bytes: Uint8Array): string {
  const codec = cid.code === DAG_CBOR ? 'dag-cbor' : 'dag-json';
  let body: string;
  let links: CID[] = [];
  try {
    const value = cid.code === DAG_CBOR ? dagCbor.decode(bytes) : dagJson.decode(bytes);
    body = `<pre>${escape(JSON.stringify(JSON.parse(new TextDecoder().decode(dagJson.encode(value))), null, 2))}</pre>`;
    links = blockLinks(cid, bytes);
  } catch {
    body = `<p class="muted">This block does not decode as ${codec}.</p>`;
  }
  const linkList = links.length
    ? `<div class="card"><strong>Links</strong><ul>${links.map((link) => `<li><a href="/ipfs/${escape(link.toString())}/">${escape(link.toString())}</a></li>`).join('')}</ul></div>`
    : '';
  const base = `/ipfs/${escape(cid.toString())}`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(path)}</title><style>${STYLE}</style></head>
<body><main><header><span class="brand">Cairn</span><h1>${escape(path)}</h1>
<p class="muted">CID <code>${escape(cid.toString())}</code> · codec ${codec} (0x${cid.code.toString(16)}) · ${bytes.byteLength} bytes ·
download as <a href="${base}?format=${codec}&amp;download=true">${codec}</a>, <a href="${base}?format=raw">raw block</a> or <a href="${base}?format=car">CAR</a></p></header>
<div class="card">${body}</div>${linkList}</main></body></html>`;
}
