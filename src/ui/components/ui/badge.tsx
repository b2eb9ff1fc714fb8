import type { HTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

const TONES = {
  neutral: 'bg-muted text-foreground',
  success: 'bg-success/15 text-success',
  warning: 'bg-warning/15 text-warning',
  // 10%, not 15: the red text on a deeper tint fell under 4.5:1 in the light theme (axe).
  danger: 'bg-danger/10 text-danger',
  primary: 'bg-primary/15 text-primary',
} as const;

export interface BadgeProps extends HTMLAttributes<HTMLSpanElement> {
  tone?: keyof typeof TONES;
}

export function Badge({ tone = 'neutral', className, ...props }: BadgeProps) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap',
        TONES[tone],
        className,
      )}
      {...props}
    />
  );
}
