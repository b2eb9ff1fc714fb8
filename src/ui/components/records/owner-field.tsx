import type { Control, FieldPathByValue, FieldValues } from 'react-hook-form';
import { useUserChoices } from '../../lib/api/get-user-choices';
import { FormField } from '../ui/form';
import { Input } from '../ui/input';
import { Select } from '../ui/select';

interface OwnerFieldProps<V extends FieldValues> {
  // Whatever the schema turns the values into on submit (as FormField takes it).
  control: Control<V, unknown, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  /** A user id field (a record's owner, an activity's assignee); null is nobody. */
  name: FieldPathByValue<V, number | null>;
  label: string;
  /** Admins choose among the users (the only route listing them is theirs); the others see the person read-only. */
  canChoose: boolean;
  /** The form's id prefix, for the read-only input's id. */
  formId: string;
  currentName: string;
  noneLabel: string;
  readOnlyHint: string;
}

/** Who a record belongs to: a select of the team for an admin, the name and why it cannot change for anyone else. */
export function OwnerField<V extends FieldValues>({
  control,
  name,
  label,
  canChoose,
  formId,
  currentName,
  noneLabel,
  readOnlyHint,
}: OwnerFieldProps<V>) {
  const people = useUserChoices(canChoose);
  if (canChoose && people.data) {
    const options = [
      { value: 'none', label: noneLabel },
      ...people.data.items.map((user) => ({ value: String(user.id), label: user.name })),
    ];
    return (
      <FormField
        control={control}
        name={name}
        label={label}
        render={(field) => (
          <Select
            id={field.id}
            value={field.value === null ? 'none' : String(field.value)}
            onValueChange={(value) => field.onChange(value === 'none' ? null : Number(value))}
            options={options}
          />
        )}
      />
    );
  }
  const id = `${formId}-${String(name)}-readonly`;
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-foreground">
        {label}
      </label>
      <Input id={id} value={currentName} readOnly disabled aria-describedby={`${id}-hint`} />
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {readOnlyHint}
      </p>
    </div>
  );
}
