/**
 * A decorative spinning ring; the text beside it says what is happening. Under reduced motion it
 * stands still rather than flickering through the shortened animation.
 */
export function Spinner({ className = 'size-5' }: { className?: string }) {
  return (
    <svg
      className={`shrink-0 animate-spin motion-reduce:animate-none ${className}`}
      viewBox="0 0 24 24"
      fill="none"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
      <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}
