/**
 * The Markdown the API description uses (paragraphs, `-` lists, `code`, **bold**, *emphasis* and
 * [links](https://…)), parsed into a small tree that React renders as elements. No HTML is ever
 * injected: text stays text, whatever the document contains.
 */
export type Inline =
  | { kind: 'text'; text: string }
  | { kind: 'code'; text: string }
  | { kind: 'strong' | 'em'; children: Inline[] }
  | { kind: 'link'; href: string; children: Inline[] };

export type Block = { kind: 'paragraph'; content: Inline[] } | { kind: 'list'; items: Inline[][] };

const INLINE = /`([^`]+)`|\*\*(.+?)\*\*|\*([^*\s][^*]*?)\*|\[([^\]]+)\]\(([^)\s]+)\)/g;

/** Only web and in-page links become links; anything else (javascript:, data:) stays text. */
const safeHref = (href: string) => /^(https?:\/\/|\/|#)/i.test(href);

export function parseInline(text: string): Inline[] {
  const result: Inline[] = [];
  let last = 0;
  for (const match of text.matchAll(INLINE)) {
    const index = match.index;
    if (index > last) result.push({ kind: 'text', text: text.slice(last, index) });
    const [whole, code, strong, em, label, href] = match;
    if (code !== undefined) result.push({ kind: 'code', text: code });
    else if (strong !== undefined) result.push({ kind: 'strong', children: parseInline(strong) });
    else if (em !== undefined) result.push({ kind: 'em', children: parseInline(em) });
    else if (label !== undefined && href !== undefined && safeHref(href)) result.push({ kind: 'link', href, children: parseInline(label) });
    else result.push({ kind: 'text', text: whole });
    last = index + whole.length;
  }
  if (last < text.length) result.push({ kind: 'text', text: text.slice(last) });
  return result;
}

const BULLET = /^\s*[-*]\s+/;

/** Blank lines split blocks; lines starting with `- ` make a list; a list item's wrapped lines join it. */
export function parseMarkdown(source: string): Block[] {
  const blocks: Block[] = [];
  for (const chunk of source.split(/\n\s*\n/)) {
    const lines = chunk.split('\n').filter((line) => line.trim() !== '');
    let paragraph: string[] = [];
    let items: string[] = [];
    const flushParagraph = () => {
      if (paragraph.length) blocks.push({ kind: 'paragraph', content: parseInline(paragraph.join(' ')) });
      paragraph = [];
    };
    const flushList = () => {
      if (items.length) blocks.push({ kind: 'list', items: items.map(parseInline) });
      items = [];
    };
    for (const line of lines) {
      if (BULLET.test(line)) {
        flushParagraph();
        items.push(line.replace(BULLET, '').trim());
      } else if (items.length && /^\s+/.test(line)) {
        items[items.length - 1] += ` ${line.trim()}`;
      } else {
        flushList();
        paragraph.push(line.trim());
      }
    }
    flushParagraph();
    flushList();
  }
  return blocks;
}
