import { describe, expect, it } from 'vitest';
import { parseInline, parseMarkdown } from './markdown';

describe('API description Markdown', () => {
  it('turns backticks, bold, emphasis and links into inline nodes', () => {
    expect(parseInline('Send `email_taken` **now**, *maybe*, see [the spec](https://example.com/spec).')).toEqual([
      { kind: 'text', text: 'Send ' },
      { kind: 'code', text: 'email_taken' },
      { kind: 'text', text: ' ' },
      { kind: 'strong', children: [{ kind: 'text', text: 'now' }] },
      { kind: 'text', text: ', ' },
      { kind: 'em', children: [{ kind: 'text', text: 'maybe' }] },
      { kind: 'text', text: ', see ' },
      { kind: 'link', href: 'https://example.com/spec', children: [{ kind: 'text', text: 'the spec' }] },
      { kind: 'text', text: '.' },
    ]);
  });

  it('keeps a script link and HTML as plain text', () => {
    expect(parseInline('[x](javascript:alert(1)) <b>')).toEqual([
      { kind: 'text', text: '[x](javascript:alert(1)' },
      { kind: 'text', text: ') <b>' },
    ]);
  });

  it('splits paragraphs and lists, joining wrapped lines', () => {
    const blocks = parseMarkdown(
      'Errors are JSON:\n- `404 not_found` for a path\n  that does not exist;\n- `500 internal_error`.\n\nThe end.',
    );
    expect(blocks.map((block) => block.kind)).toEqual(['paragraph', 'list', 'paragraph']);
    const list = blocks[1];
    expect(list?.kind === 'list' && list.items.length).toBe(2);
    expect(list?.kind === 'list' && list.items[0]).toEqual([
      { kind: 'code', text: '404 not_found' },
      { kind: 'text', text: ' for a path that does not exist;' },
    ]);
  });
});
