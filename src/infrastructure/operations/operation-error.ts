/** A backup, restore or move that cannot go on, with the one-line reason the operator is shown. */
export class OperationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OperationError';
  }
}
