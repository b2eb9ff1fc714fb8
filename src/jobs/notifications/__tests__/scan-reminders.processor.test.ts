import 'reflect-metadata';
import { describe, expect, it, vi } from 'vitest';
import type { RemindersService } from '../../../domain/notifications/reminders.service';
import { ScanRemindersProcessor } from '../scan-reminders.processor';

describe('ScanRemindersProcessor', () => {
  const reminders = { scan: vi.fn(async () => 3) } as unknown as RemindersService;

  it('looks for due reminders every 15 s unless REMINDER_SCAN_SECONDS says otherwise', () => {
    expect(new ScanRemindersProcessor(reminders, {}).everyMs).toBe(15_000);
    expect(new ScanRemindersProcessor(reminders, { reminderScanMs: 2_000 }).everyMs).toBe(2_000);
  });

  it('each run claims what is due', async () => {
    await new ScanRemindersProcessor(reminders, {}).handle();
    expect(reminders.scan).toHaveBeenCalledOnce();
  });
});
