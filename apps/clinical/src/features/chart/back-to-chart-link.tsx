import { patientChartPath } from '@portal/contract';
import { PortalLink, useT } from '@portal/ui';

/** "Back to P037's chart": offered after a save that concerned one patient. */
export function BackToChartLink({ patientId }: { patientId: string }) {
  const t = useT();
  return (
    <PortalLink
      to={patientChartPath(patientId)}
      className="font-semibold text-brand-800 underline underline-offset-2"
    >
      {t('clinical.chart.backTo', { patientId })}
    </PortalLink>
  );
}
