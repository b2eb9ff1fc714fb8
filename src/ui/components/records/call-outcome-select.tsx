import { useTranslation } from 'react-i18next';
import { CALL_OUTCOMES, type CallOutcome } from '../../lib/api/notes';
import { Select } from '../ui/select';

/** How a call went, or "not given" (`none`): the note composer's and the complete-an-activity dialog's choice. */
export function CallOutcomeSelect({
  id,
  value,
  onValueChange,
}: {
  id: string;
  value: CallOutcome | 'none';
  onValueChange: (value: CallOutcome | 'none') => void;
}) {
  const { t } = useTranslation();
  return (
    <Select
      id={id}
      value={value}
      onValueChange={onValueChange}
      options={[
        { value: 'none', label: t('notes.noOutcome') },
        ...CALL_OUTCOMES.map((outcome) => ({ value: outcome, label: t(`notes.outcomes.${outcome}`) })),
      ]}
    />
  );
}
