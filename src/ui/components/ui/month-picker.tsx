import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { addMonths, currentMonth, monthTitle } from '../../lib/month';
import { Button } from './button';
import { Select } from './select';

interface MonthPickerProps {
  id: string;
  /** `YYYY-MM`. */
  value: string;
  onChange: (month: string) => void;
  /** The last month offered (`YYYY-MM`), e.g. the current one for what has happened; else a year ahead. */
  max?: string;
}

/** How far back the list goes: two years of history. */
const MONTHS_BACK = 24;

/** A month, named in the viewer's language: the previous and next ones a click away, the others in a list. */
export function MonthPicker({ id, value, onChange, max }: MonthPickerProps) {
  const { t, i18n } = useTranslation();
  const now = currentMonth();
  const last = max ?? addMonths(now, 12);
  const first = addMonths(now, -MONTHS_BACK);
  const months: string[] = [];
  for (let month = last; month >= first; month = addMonths(month, -1)) months.push(month);
  if (!months.includes(value)) months.push(value);
  const next = addMonths(value, 1);
  const previous = addMonths(value, -1);
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
          disabled={previous < first}
          onClick={() => onChange(previous)}
        >
          <ChevronLeft className="h-4 w-4" aria-hidden="true" />
        </Button>
        <div className="w-48">
          <Select
            id={id}
            value={value}
            onValueChange={onChange}
            options={months.map((month) => ({ value: month, label: monthTitle(month, i18n.language) }))}
          />
        </div>
        <Button
          variant="outline"
          size="icon"
          aria-label={t('goals.nextMonth')}
          disabled={next > last}
          onClick={() => onChange(next)}
        >
          <ChevronRight className="h-4 w-4" aria-hidden="true" />
        </Button>
      </div>
    </div>
  );
}
