import { useEffect, useRef } from 'react';
import { useWatch, type FieldPath, type FieldValues, type PathValue, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { INITIALS_MAX_LENGTH, initialsFromName, normalizeInitials } from '../../lib/validation';
import { FormField } from './form';
import { Input } from './input';

interface NamedWithInitials extends FieldValues {
  name: string;
  initials?: string;
}

/**
 * A new account's initials, filled in from the name as it is typed ("Gonçalo Rodrigues" gives GR) until the person
 * types their own. Emptied, they follow the name again as it changes, and a form sent without them has the server
 * derive them the same way.
 */
export function InitialsField<V extends NamedWithInitials, O>({ form }: { form: UseFormReturn<V, unknown, O> }) {
  const { t } = useTranslation();
  const field = 'initials' as FieldPath<V>;
  const name = useWatch({ control: form.control, name: 'name' as FieldPath<V> }) as string;
  const typed = useRef(false);
  const { setValue, formState } = form;

  useEffect(() => {
    // Not a change of the person's (the form stays pristine); checked again only once a submit showed messages.
    if (!typed.current)
      setValue(field, initialsFromName(name ?? '') as PathValue<V, FieldPath<V>>, {
        shouldValidate: formState.isSubmitted,
      });
  }, [name, field, setValue, formState.isSubmitted]);

  return (
    <FormField
      control={form.control}
      name={field}
      label={t('auth.initials')}
      description={t('auth.initialsDerivedHint')}
      render={(props) => (
        <Input
          {...props}
          value={(props.value as string | undefined) ?? ''}
          maxLength={INITIALS_MAX_LENGTH}
          placeholder="JD"
          autoComplete="off"
          className="uppercase"
          onChange={(e) => {
            typed.current = e.target.value !== '';
            props.onChange(normalizeInitials(e.target.value));
          }}
        />
      )}
    />
  );
}
