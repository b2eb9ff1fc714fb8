import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { addMonths, isMonth } from '../../lib/month';
import { Button } from './button';
import { Input } from './input';

interface MonthPickerProps {
  id: string;
  /** `YYYY-MM`. */
  value: string;
  onChange: (month: string) => void;
  /** The last month offered (`YYYY-MM`), e.g. the current one for what has happened. */
  max?: string;
}

/** A month: the previous and next ones a click away, any other typed or picked. */
export function MonthPicker({ id, value, onChange, max }: MonthPickerProps) {
  const { t } = useTranslation();
  const next = addMonths(value, 1);
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="text-sm font-medium text-foreground">
        {t('goals.month')}
      </label>
      <div className="flex items-center gap-1">
        <Button
          variant="outline"
          size="icon"
          aria-label={t('goals.previousMonth')}
          onClick={() => onChange(addMonths(value, -1))}
        >
          <ChevronLeft className="h-4 w-4" aria-hidden="true" />
        </Button>
        <div className="w-44">
          <Input
            id={id}
            type="month"
            value={value}
            max={max}
            onChange={(event) => {
              const month = event.target.value;
              if (isMonth(month) && (!max || month <= max)) onChange(month);
            }}
          />
        </div>
        <Button
          variant="outline"
          size="icon"
          aria-label={t('goals.nextMonth')}
          disabled={max !== undefined && next > max}
          onClick={() => onChange(next)}
        >
          <ChevronRight className="h-4 w-4" aria-hidden="true" />
        </Button>
      </div>
    </div>
  );
}
