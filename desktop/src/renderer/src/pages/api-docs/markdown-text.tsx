import { Fragment } from 'react';
import { parseInline, parseMarkdown, type Inline } from './markdown';

function InlineNodes({ nodes }: { nodes: Inline[] }) {
  return nodes.map((node, index) => {
    switch (node.kind) {
      case 'text':
        return <Fragment key={index}>{node.text}</Fragment>;
      case 'code':
        return <code key={index}>{node.text}</code>;
      case 'strong':
        return (
          <strong key={index}>
            <InlineNodes nodes={node.children} />
          </strong>
        );
      case 'em':
        return (
          <em key={index}>
            <InlineNodes nodes={node.children} />
          </em>
        );
      case 'link':
        return (
          <a key={index} href={node.href} rel="noreferrer">
            <InlineNodes nodes={node.children} />
          </a>
        );
    }
  });
}

/** A Markdown description as paragraphs and lists. */
export function MarkdownBlock({ source, className }: { source: string; className?: string }) {
  return (
    <div className={`markdown${className ? ` ${className}` : ''}`}>
      {parseMarkdown(source).map((block, index) =>
        block.kind === 'paragraph' ? (
          <p key={index}>
            <InlineNodes nodes={block.content} />
          </p>
        ) : (
          <ul key={index}>
            {block.items.map((item, itemIndex) => (
              <li key={itemIndex}>
                <InlineNodes nodes={item} />
              </li>
            ))}
          </ul>
        ),
      )}
    </div>
  );
}

/** A one-line Markdown description (a parameter's or a response's), inline. */
export function MarkdownInline({ source }: { source: string }) {
  return <InlineNodes nodes={parseInline(source)} />;
}
