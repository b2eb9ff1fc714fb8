import { Fragment } from 'react';
import { cn } from '../../../lib/cn';
import { parseNote, type Inline } from '../note-markdown';

function Inlines({ nodes }: { nodes: Inline[] }) {
  return nodes.map((node, i) => {
    if (node.type === 'text') return <Fragment key={i}>{node.text}</Fragment>;
    if (node.type === 'strong')
      return (
        <strong key={i} className="font-semibold">
          <Inlines nodes={node.children} />
        </strong>
      );
    if (node.type === 'em')
      return (
        <em key={i}>
          <Inlines nodes={node.children} />
        </em>
      );
    const external = !node.href.startsWith('mailto:');
    return (
      <a
        key={i}
        href={node.href}
        className="font-medium text-primary underline underline-offset-2 focus-ring"
        {...(external && { target: '_blank', rel: 'noopener noreferrer nofollow' })}
      >
        <Inlines nodes={node.children} />
      </a>
    );
  });
}

/** A note's text with its Markdown marks, as React elements: whatever HTML it holds shows as text. */
export function NoteText({ body, className }: { body: string; className?: string }) {
  return (
    <div className={cn('grid gap-2 text-sm break-words', className)} data-testid="note-text">
      {parseNote(body).map((block, i) => {
        if (block.type === 'paragraph')
          return (
            <p key={i}>
              {block.lines.map((line, j) => (
                <Fragment key={j}>
                  {j > 0 && <br />}
                  <Inlines nodes={line} />
                </Fragment>
              ))}
            </p>
          );
        const items = block.items.map((item, j) => (
          <li key={j}>
            <Inlines nodes={item} />
          </li>
        ));
        return block.ordered ? (
          <ol key={i} start={block.start} className="list-decimal pl-5">
            {items}
          </ol>
        ) : (
          <ul key={i} className="list-disc pl-5">
            {items}
          </ul>
        );
      })}
    </div>
  );
}
