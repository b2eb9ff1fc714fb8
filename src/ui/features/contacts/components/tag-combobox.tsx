import { useTranslation } from 'react-i18next';
import {
  SuggestionCombobox,
  type Suggestion,
  type SuggestionComboboxProps,
} from '../../../components/records/suggestion-combobox';
import { TAG_MAX_LENGTH } from '../../../components/records/tags-input';
import { useContactTags } from '../api/get-contact-tags';

/** The tags in use (GET /api/crm/contacts/tags), as suggestions. */
export function useTagSuggestions(search: string, enabled: boolean): Suggestion[] | undefined {
  return useContactTags(search, enabled).data?.items.map(({ tag, count }) => ({ value: tag, count }));
}

type TagComboboxProps = Omit<SuggestionComboboxProps, 'useSuggestions' | 'listLabel' | 'maxLength' | 'commaPicks'>;

/** A tag box that suggests the tags in use as the user types, most used first; Enter or a comma confirms a tag. */
export function TagCombobox(props: TagComboboxProps) {
  const { t } = useTranslation();
  return (
    <SuggestionCombobox
      {...props}
      useSuggestions={useTagSuggestions}
      listLabel={t('contactsBulk.tagSuggestions.label')}
      maxLength={TAG_MAX_LENGTH}
      commaPicks
    />
  );
}
