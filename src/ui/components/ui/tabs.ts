import { cn } from '../../lib/cn';

/** A Radix tab in a row of tabs on a muted strip: the open one raised on the surface. */
export const tabTriggerClass = cn(
  'shrink-0 rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap text-muted-foreground transition-colors focus-ring',
  'data-[state=active]:bg-surface data-[state=active]:text-foreground data-[state=active]:shadow-sm',
);
