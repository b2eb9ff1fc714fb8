import nodemailer, { type Transporter } from 'nodemailer';
import type { MailMessage, Mailer } from '../../domain/notifications/notifications.ports';

/** SMTP_URL and MAIL_FROM; a refused or failed delivery throws, so the job retries it. */
export class NodemailerMailer implements Mailer {
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(smtpUrl);
  }

  async send(message: MailMessage): Promise<void> {
    await this.transport.sendMail({
      from: this.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      messageId: message.messageId,
    });
  }

  close(): void {
    this.transport.close();
  }
}
