import { cn } from '../../../lib/cn';
import { splitVariables } from '../template-text';

/** A template's text as written, its {{variables}} marked (unknown ones in the danger colour). */
export function HighlightedText({
  text,
  known,
  className,
}: {
  text: string;
  known?: ReadonlySet<string>;
  className?: string;
}) {
  return (
    <span className={cn('break-words whitespace-pre-wrap', className)}>
      {splitVariables(text).map((part, index) =>
        part.variable ? (
          <mark
            key={index}
            data-variable={part.variable}
            className={cn(
              'rounded px-0.5 font-mono text-[0.92em]',
              known && !known.has(part.variable) ? 'bg-danger/15 text-danger' : 'bg-primary/15 text-primary',
            )}
          >
            {part.text}
          </mark>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </span>
  );
}
