import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Card, CardContent, CardHeader, CardTitle } from '../ui/card';

// The pieces a record's page (a contact's, a company's) is made of.

/** A titled card of the page, its heading naming the region; `count` beside the title when known. */
export function PageSection({
  title,
  count,
  children,
  testId,
}: {
  title: string;
  count?: number;
  children: ReactNode;
  testId: string;
}) {
  const headingId = `${testId}-heading`;
  return (
    <Card>
      <section aria-labelledby={headingId} data-testid={testId}>
        <CardHeader>
          <CardTitle id={headingId}>
            {title}
            {count !== undefined && <span className="ml-2 text-sm font-normal text-muted-foreground">({count})</span>}
          </CardTitle>
        </CardHeader>
        <CardContent>{children}</CardContent>
      </section>
    </Card>
  );
}

/** One of a record's details: its label over its value. */
export function DetailField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="min-w-0 text-sm break-words">{children}</dd>
    </div>
  );
}

/** Back to the list the record belongs to. */
export function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <Link
      to={to}
      className="inline-flex items-center gap-1.5 justify-self-start rounded-sm text-sm text-muted-foreground hover:text-foreground focus-ring"
    >
      <ArrowLeft className="h-4 w-4" aria-hidden="true" />
      {label}
    </Link>
  );
}

/** A record id as the API takes it (1 to 2^31-1, digits only); anything else (e.g. /crm/contacts/import) is none. */
export const recordIdOf = (param: string | undefined): number | null =>
  param && /^[1-9]\d{0,9}$/.test(param) && Number(param) <= 2_147_483_647 ? Number(param) : null;
