import { inject, injectable } from 'inversify';
import type { ContactImportsService } from '../../domain/contact-imports/contact-imports.service';
import { CONTACT_IMPORTS_SERVICE } from '../../domain/contact-imports/contact-imports.tokens';
import type { JobPayloads, JobProcessor } from '../../domain/shared/job-queue.port';

/** Reads an uploaded CSV as a stream and writes its contacts in batches; resumes where a crash left it. */
@injectable()
export class ImportContactsProcessor implements JobProcessor<'contacts.import'> {
  readonly jobName = 'contacts.import' as const;

  constructor(@inject(CONTACT_IMPORTS_SERVICE) private readonly imports: ContactImportsService) {}

  handle({ importId }: JobPayloads['contacts.import']): Promise<void> {
    return this.imports.run(importId);
  }

  onFailed({ importId }: JobPayloads['contacts.import'], error: Error): Promise<void> {
    return this.imports.fail(importId, error);
  }
}
