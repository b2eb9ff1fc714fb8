import { useTranslation } from 'react-i18next';
import { TagsInput as RecordTagsInput, type TagsInputProps } from '../../../components/records/tags-input';
import { useTagSuggestions } from './tag-combobox';

/** A contact's tags, the contacts' tags in use suggested (GET /api/crm/contacts/tags). */
export function TagsInput(props: TagsInputProps) {
  const { t } = useTranslation();
  return (
    <RecordTagsInput {...props} useSuggestions={useTagSuggestions} listLabel={t('contactsBulk.tagSuggestions.label')} />
  );
}
