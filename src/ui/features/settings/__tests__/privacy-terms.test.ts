import { describe, expect, it } from 'vitest';
import { auditActionText, dateInputIn, dueAtOf, isOverdue, retentionMonthsOf } from '../privacy-terms';

const t = (key: string, options?: Record<string, unknown>) =>
  key.startsWith('privacy.audit.formats') ? String(options?.defaultValue) : key.split('.').pop()!;

describe('privacy terms', () => {
  it('counts a deadline in local days, and ends it at the end of the day', () => {
    expect(dateInputIn(15, new Date(2026, 0, 20, 23, 30))).toBe('2026-02-04');
    expect(dateInputIn(0, new Date(2026, 11, 31, 0, 5))).toBe('2026-12-31');
    const due = new Date(dueAtOf('2026-02-04'));
    expect([due.getFullYear(), due.getMonth(), due.getDate(), due.getHours()]).toEqual([2026, 1, 4, 23]);
  });

  it('calls overdue only a request still waiting past its deadline', () => {
    const now = new Date('2026-03-10T12:00:00Z');
    const past = '2026-03-09T12:00:00Z';
    expect(isOverdue({ status: 'open', dueAt: past }, now)).toBe(true);
    expect(isOverdue({ status: 'in_progress', dueAt: past }, now)).toBe(true);
    expect(isOverdue({ status: 'completed', dueAt: past }, now)).toBe(false);
    expect(isOverdue({ status: 'refused', dueAt: past }, now)).toBe(false);
    expect(isOverdue({ status: 'open', dueAt: '2026-03-11T12:00:00Z' }, now)).toBe(false);
  });

  it('words an audit action with what it changed', () => {
    expect(auditActionText({ action: 'consent.recorded', detail: { channel: 'whatsapp', granted: false } }, t)).toBe(
      'recorded (whatsapp: revoked)',
    );
    expect(
      auditActionText({ action: 'request.updated', detail: { status: { from: 'open', to: 'completed' } } }, t),
    ).toBe('updated (open → completed)');
    expect(auditActionText({ action: 'subject.exported', detail: { format: 'html' } }, t)).toBe('exported (html)');
    expect(auditActionText({ action: 'contacts.exported', detail: { query: {} } }, t)).toBe('exported');
    expect(auditActionText({ action: 'retention.kept', detail: { rule: 'inactive_leads' } }, t)).toBe(
      'kept (inactive_leads)',
    );
    const words = (key: string, options?: Record<string, unknown>) =>
      key === 'privacy.retention.ruleState'
        ? `${String(options?.rule)}: ${String(options?.state)}, ${String(options?.count)}`
        : key.startsWith('privacy.retention.rules')
          ? String(options?.defaultValue)
          : key.split('.').pop()!;
    expect(
      auditActionText(
        { action: 'retention.rule_changed', detail: { rule: 'lost_deal_contacts', months: 12, active: true } },
        words,
      ),
    ).toBe('rule_changed (lost_deal_contacts: on, 12)');
  });

  it('takes a retention period of whole months from 1 to 600 only', () => {
    expect(retentionMonthsOf('24')).toBe(24);
    expect(retentionMonthsOf(' 600 ')).toBe(600);
    for (const text of ['0', '601', '', '1.5', '-3', 'abc', '1e2']) expect(retentionMonthsOf(text), text).toBeNull();
  });
});
