import type { PrivacyAuditEntry } from './api/get-privacy-audit';
import type { PrivacyRequest, PrivacyRequestKind, PrivacyRequestStatus } from './api/get-privacy-requests';
import type { RetentionKind } from './api/get-retention';

// The choices each list offers, in the order shown (the compiler checks none is missing).
const keysOf = <K extends string>(record: Record<K, 0>) => Object.keys(record) as K[];

/** The rights of LGPD Art. 18 a request can be about. */
export const REQUEST_KINDS = keysOf<PrivacyRequestKind>({
  access: 0,
  correction: 0,
  deletion: 0,
  portability: 0,
  revocation: 0,
  information: 0,
});

export const REQUEST_STATUSES = keysOf<PrivacyRequestStatus>({ open: 0, in_progress: 0, completed: 0, refused: 0 });

/** The retention rules, in the order shown. */
export const RETENTION_KINDS = keysOf<RetentionKind>({ inactive_leads: 0, lost_deal_contacts: 0 });

/** A rule's period: whole months, 1 to 600 (the server's bounds). */
export const RETENTION_MONTHS_MAX = 600;

/** The months a period field holds, or null when it holds no whole number from 1 to RETENTION_MONTHS_MAX. */
export function retentionMonthsOf(text: string): number | null {
  const value = text.trim();
  if (!/^\d+$/.test(value)) return null;
  const months = Number(value);
  return months >= 1 && months <= RETENTION_MONTHS_MAX ? months : null;
}

/** The days a request has by default (the server's too): LGPD Art. 19 asks for an answer within 15. */
export const DEFAULT_DUE_DAYS = 15;

const pad = (n: number) => String(n).padStart(2, '0');

/** A date input's value (yyyy-MM-dd, local) `days` from `now`. */
export function dateInputIn(days: number, now = new Date()): string {
  const day = new Date(now.getFullYear(), now.getMonth(), now.getDate() + days);
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

/** The deadline a date input names: the end of that day, where the person is. */
export const dueAtOf = (date: string): string => new Date(`${date}T23:59:59`).toISOString();

/** Still waiting for an answer past its deadline. */
export const isOverdue = (request: Pick<PrivacyRequest, 'status' | 'dueAt'>, now = new Date()): boolean =>
  (request.status === 'open' || request.status === 'in_progress') && new Date(request.dueAt) < now;

type T = (key: string, options?: Record<string, unknown>) => string;

/** An audit entry's action in words, with what it changed when the entry says (a channel, a status, a basis). */
export function auditActionText(entry: Pick<PrivacyAuditEntry, 'action' | 'detail'>, t: T): string {
  const action = t(`privacy.audit.actions.${entry.action}`, { defaultValue: entry.action });
  const detail = entry.detail;
  const known = (prefix: string, value: unknown) =>
    typeof value === 'string' ? t(`${prefix}.${value}`, { defaultValue: value }) : null;
  let extra: string | null = null;
  if (entry.action === 'consent.recorded' && typeof detail.granted === 'boolean')
    extra = `${known('privacy.channels', detail.channel) ?? ''}: ${t(detail.granted ? 'privacy.consent.granted' : 'privacy.consent.revoked')}`;
  else if (entry.action === 'legal_basis.recorded') extra = known('privacy.bases', detail.legalBasis);
  else if (entry.action === 'request.created') extra = known('privacy.kinds', detail.kind);
  else if (entry.action === 'request.updated' && isChange(detail.status))
    extra = `${known('privacy.statuses', detail.status.from)} → ${known('privacy.statuses', detail.status.to)}`;
  else if (entry.action === 'subject.exported') extra = known('privacy.audit.formats', detail.format);
  else if (entry.action === 'retention.kept') extra = known('privacy.retention.rules', detail.rule);
  else if (entry.action === 'retention.rule_changed' && typeof detail.months === 'number')
    extra = t('privacy.retention.ruleState', {
      rule: known('privacy.retention.rules', detail.rule) ?? '',
      state: t(detail.active === true ? 'privacy.retention.on' : 'privacy.retention.off'),
      count: detail.months,
    });
  return extra ? `${action} (${extra})` : action;
}

const isChange = (value: unknown): value is { from: string; to: string } =>
  typeof value === 'object' && value !== null && 'from' in value && 'to' in value;
