import { ContainerModule } from 'inversify';
import { NotificationsService } from '../../domain/notifications/notifications.service';
import {
  APP_URL,
  DIGEST_REPOSITORY,
  DIGEST_SERVICE,
  MAILER,
  NOTIFICATIONS_SERVICE,
  NOTIFICATION_REPOSITORY,
  REMINDERS_SERVICE,
  REMINDER_REPOSITORY,
} from '../../domain/notifications/notifications.tokens';
import { DigestService } from '../../domain/notifications/digest.service';
import { RemindersService } from '../../domain/notifications/reminders.service';
import { JOB_PROCESSOR } from '../../domain/shared/shared.tokens';
import { ScanDigestsProcessor } from '../../jobs/notifications/scan-digests.processor';
import { ScanRemindersProcessor } from '../../jobs/notifications/scan-reminders.processor';
import { SendReminderProcessor } from '../../jobs/notifications/send-reminder.processor';
import type { Config } from '../../infrastructure/config';
import { KnexDigestRepository } from '../../infrastructure/notifications/knex-digest.repository';
import { KnexNotificationRepository } from '../../infrastructure/notifications/knex-notification.repository';
import { KnexReminderRepository } from '../../infrastructure/notifications/knex-reminder.repository';
import { NodemailerMailer } from '../../infrastructure/notifications/nodemailer-mailer';

/** Email only when SMTP_URL is set; links in emails use PUBLIC_URL when set. */
export function notificationsModule(config: Config) {
  return new ContainerModule(({ bind }) => {
    bind(REMINDER_REPOSITORY).to(KnexReminderRepository).inSingletonScope();
    bind(NOTIFICATION_REPOSITORY).to(KnexNotificationRepository).inSingletonScope();
    bind(MAILER).toConstantValue(config.smtpUrl ? new NodemailerMailer(config.smtpUrl, config.mailFrom) : null);
    bind(APP_URL).toConstantValue((config.publicUrl ?? `http://localhost:${config.port}`).replace(/\/$/, ''));
    bind(REMINDERS_SERVICE).to(RemindersService).inSingletonScope();
    bind(NOTIFICATIONS_SERVICE).to(NotificationsService).inSingletonScope();
    bind(ScanRemindersProcessor).toSelf().inSingletonScope();
    bind(JOB_PROCESSOR).toService(ScanRemindersProcessor);
    bind(SendReminderProcessor).toSelf().inSingletonScope();
    bind(JOB_PROCESSOR).toService(SendReminderProcessor);
    bind(DIGEST_REPOSITORY).to(KnexDigestRepository).inSingletonScope();
    bind(DIGEST_SERVICE).to(DigestService).inSingletonScope();
    bind(ScanDigestsProcessor).toSelf().inSingletonScope();
    bind(JOB_PROCESSOR).toService(ScanDigestsProcessor);
  });
}
