import { AppError } from '../shared/app-error';
import { RecordNotFoundError } from '../crm/crm.errors';

/** Someone else's report that is not shared answers the same as one that does not exist. */
export class SavedReportNotFoundError extends RecordNotFoundError {
  constructor() {
    super('SAVED_REPORT.NOT_FOUND', 'Saved report');
  }
}

export class SavedReportReadOnlyError extends AppError {
  constructor(action: 'edit' | 'delete') {
    super(
      'SAVED_REPORT.READ_ONLY',
      action === 'edit'
        ? 'Only the author can change this report'
        : 'Only the author (or an admin, once it is shared) can delete this report',
    );
  }
}
