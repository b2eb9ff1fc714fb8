import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Checkbox } from '../../../components/ui/checkbox';
import { Form, FormField, useSchemaForm } from '../../../components/ui/form';
import { Input } from '../../../components/ui/input';
import { LookupSelect } from '../../../components/ui/lookup-select';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/errors';
import { useNotificationSettings, type NotificationSettings } from '../api/get-notification-settings';
import { useSaveNotificationSettings } from '../api/save-notification-settings';

const LANGUAGES = Object.keys({ pt: 0, en: 0 } satisfies Record<
  NotificationSettings['language'],
  0
>) as NotificationSettings['language'][];
const TIME_ZONES = ['UTC', ...Intl.supportedValuesOf('timeZone').filter((zone) => zone !== 'UTC')];
const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
/** A search shows this many time zones at most; the chosen one is always offered. */
const SHOWN = 60;

/** Never saved (no address, the server's UTC): the browser's time zone is the better guess. */
const initialTimeZone = (settings: NotificationSettings) =>
  settings.email === null && settings.timeZone === 'UTC' && TIME_ZONES.includes(browserTimeZone())
    ? browserTimeZone()
    : settings.timeZone;

export function NotificationSettingsForm() {
  const settings = useNotificationSettings();
  const { t } = useTranslation();
  if (!settings.data) {
    return (
      <Card>
        <CardHeader>
          <CardTitle>{t('notificationSettings.title')}</CardTitle>
        </CardHeader>
        <CardContent>
          {settings.isError ? (
            <p role="alert" className="text-sm text-danger">
              {errorMessage(settings.error, t)}
            </p>
          ) : (
            <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
              <Spinner />
              {t('common.loading')}
            </p>
          )}
        </CardContent>
      </Card>
    );
  }
  return <SettingsForm settings={settings.data} />;
}

function SettingsForm({ settings }: { settings: NotificationSettings }) {
  const { t } = useTranslation();
  const schema = useMemo(
    () =>
      z.object({
        email: z
          .string()
          .trim()
          .max(254, t('validation.maxLength', { count: 254 }))
          .refine(
            (value) => value === '' || z.string().email().safeParse(value).success,
            t('notificationSettings.invalidEmail'),
          )
          .transform((value) => value || null),
        language: z.enum(LANGUAGES as [NotificationSettings['language'], ...NotificationSettings['language'][]]),
        timeZone: z.string().refine((value) => TIME_ZONES.includes(value), t('notificationSettings.invalidTimeZone')),
        reminderEmails: z.boolean(),
        morningDigest: z.boolean(),
      }),
    [t],
  );
  const form = useSchemaForm(schema, { ...settings, email: settings.email ?? '', timeZone: initialTimeZone(settings) });
  const save = useSaveNotificationSettings();
  const [search, setSearch] = useState('');
  const term = search.trim().toLowerCase().replace(/\s+/g, '_');
  const zones = TIME_ZONES.filter((zone) => zone.toLowerCase().includes(term)).slice(0, SHOWN);
  const option = (zone: string) => ({ id: TIME_ZONES.indexOf(zone) + 1, label: zone.replace(/_/g, ' ') });

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('notificationSettings.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        <Form
          form={form}
          id="notification-settings"
          onSubmit={async (input) => {
            const saved = await save.mutateAsync(input);
            form.reset({ ...saved, email: saved.email ?? '' });
            toast({ title: t('notificationSettings.saved') });
          }}
          onError={(error, { onField }) =>
            !onField &&
            toast({
              variant: 'destructive',
              title: t('notificationSettings.saveFailed'),
              description: errorMessage(error, t),
            })
          }
        >
          <FormField
            control={form.control}
            name="email"
            label={t('notificationSettings.email')}
            description={t('notificationSettings.emailHint')}
            render={(field) => <Input {...field} type="email" autoComplete="email" />}
          />
          <FormField
            control={form.control}
            name="language"
            label={t('notificationSettings.language')}
            render={(field) => (
              <Select
                id={field.id}
                value={field.value}
                onValueChange={field.onChange}
                options={LANGUAGES.map((language) => ({ value: language, label: t(`language.${language}`) }))}
              />
            )}
          />
          <FormField
            control={form.control}
            name="timeZone"
            label={t('notificationSettings.timeZone')}
            description={t('notificationSettings.timeZoneHint', { zone: browserTimeZone() })}
            render={(field) => (
              <LookupSelect
                id={field.id}
                value={option(field.value)}
                onChange={(chosen) => field.onChange(chosen ? TIME_ZONES[chosen.id - 1] : field.value)}
                options={zones.map(option)}
                search={search}
                onSearch={setSearch}
                searchLabel={t('notificationSettings.searchTimeZone')}
                noneLabel={t('notificationSettings.noTimeZone')}
              />
            )}
          />
          {(['reminderEmails', 'morningDigest'] as const).map((name) => (
            <FormField
              key={name}
              control={form.control}
              name={name}
              label={t(`notificationSettings.${name}`)}
              description={t(`notificationSettings.${name}Hint`)}
              render={(field) => (
                <div className="flex items-center gap-2">
                  <Checkbox
                    id={field.id}
                    checked={field.value}
                    onCheckedChange={(checked) => field.onChange(checked === true)}
                    aria-describedby={field['aria-describedby']}
                  />
                  <span className="text-sm text-foreground" aria-hidden="true">
                    {field.value ? t('notificationSettings.on') : t('notificationSettings.off')}
                  </span>
                </div>
              )}
            />
          ))}
          <div>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending && <Spinner />}
              {save.isPending ? t('common.saving') : t('notificationSettings.save')}
            </Button>
          </div>
        </Form>
      </CardContent>
    </Card>
  );
}
