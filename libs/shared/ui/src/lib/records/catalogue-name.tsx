/**
 * A catalogue entry as a person reads it: its name, the portal's code after it in small print
 * (what a clinician or the Help Desk quotes); the code alone only when the catalogue does not
 * know it.
 */
export function CatalogueName({ name, code }: { name: string | undefined; code: string }) {
  if (!name) return <span className="font-mono">{code}</span>;
  return (
    <>
      <span className="font-semibold">{name}</span>{' '}
      <span className="font-mono text-sm text-muted">({code})</span>
    </>
  );
}
