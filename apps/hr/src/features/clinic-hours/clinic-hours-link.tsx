import type { ReactNode } from 'react';
import { type Employee, prefilledPath, ROUTES } from '@portal/contract';
import { findPosition } from '@portal/reference-data';
import { PortalLink } from '@portal/ui';

/**
 * Whether an employee keeps clinic hours: working, in a position of medical personnel (whom the
 * API takes a schedule for). Their screens link to Clinic hours; nobody else's do.
 */
export function keepsClinicHours(employee: Pick<Employee, 'position_id' | 'work_status'>): boolean {
  return (
    employee.work_status === 'yes' &&
    findPosition(employee.position_id ?? '')?.portalRole === 'medical_personnel'
  );
}

/**
 * A link to the clinician's Clinic hours page with their Employee ID filled in, so HR never
 * types it again. At least 44 × 44 px, so a finger on a phone finds it (WCAG 2.5.5); its words
 * may wrap between them (in the employee table's unwrapped actions column too), so the table
 * keeps within 1280 px.
 */
export function ClinicHoursLink({
  employeeId,
  children,
}: {
  employeeId: string;
  children: ReactNode;
}) {
  return (
    <PortalLink
      to={prefilledPath(ROUTES.clinicHours, 'employee', employeeId)}
      className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-md px-3 text-left font-semibold whitespace-normal text-brand-800 underline underline-offset-2"
    >
      {children}
    </PortalLink>
  );
}
