import { cn } from '../../lib/cn';

/**
 * The header row of a small table of figures: the first column names each row, the others hold right-aligned
 * figures. `className` adds to a column (e.g. `hidden sm:table-cell` for one a phone leaves out).
 */
export function FiguresHead({ columns }: { columns: { label: string; className?: string }[] }) {
  return (
    <thead className="text-left text-xs text-muted-foreground">
      <tr>
        {columns.map((column, index) => (
          <th
            key={column.label}
            scope="col"
            className={cn('pb-2 font-medium', index > 0 && 'text-right', column.className)}
          >
            {column.label}
          </th>
        ))}
      </tr>
    </thead>
  );
}
