import { PrivacyAuditLog } from './privacy-audit-log';
import { PrivacyGuide } from './privacy-guide';
import { PrivacyRequests } from './privacy-requests';
import { PrivacyRetention } from './privacy-retention';

/**
 * The privacy tab (LGPD): what Funil stores about a person and how to answer each right, the requests people made
 * (export, report, status, anonymization), the retention rules and the contacts they list, and the record of
 * operations on personal data.
 */
export function PrivacySettings() {
  return (
    <div className="grid gap-6">
      <PrivacyGuide />
      <PrivacyRequests />
      <PrivacyRetention />
      <PrivacyAuditLog />
    </div>
  );
}
