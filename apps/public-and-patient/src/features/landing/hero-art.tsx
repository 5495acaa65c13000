/** The landing page's illustration (our own artwork): a hospital on a hill at morning. Decorative. */
export function HeroArt({ className = '' }: { className?: string }) {
  return (
    <svg viewBox="0 0 480 360" className={className} aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="hero-sky" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#d5f1ec" />
          <stop offset="1" stopColor="#effaf8" />
        </linearGradient>
      </defs>
      <rect width="480" height="360" rx="28" fill="url(#hero-sky)" />
      <circle cx="392" cy="78" r="34" fill="#fde7b0" />
      <path d="M0 292c70-38 150-52 240-40s170 6 240-22v130H0z" fill="#aae3d9" />
      <path d="M0 318c90-24 170-26 250-14s160 8 230-10v66H0z" fill="#1f9e8a" opacity=".35" />
      <g>
        <rect
          x="120"
          y="132"
          width="240"
          height="150"
          rx="10"
          fill="#ffffff"
          stroke="#0f6b5c"
          strokeWidth="4"
        />
        <rect
          x="190"
          y="96"
          width="100"
          height="186"
          rx="10"
          fill="#ffffff"
          stroke="#0f6b5c"
          strokeWidth="4"
        />
        <path d="M230 116h20v18h18v20h-18v18h-20v-18h-18v-20h18z" fill="#15806f" />
        {[150, 318].map((x) =>
          [160, 200, 240].map((y) => (
            <rect
              key={`${x}-${y}`}
              x={x}
              y={y}
              width="26"
              height="22"
              rx="4"
              fill="#d5f1ec"
              stroke="#0f6b5c"
              strokeWidth="2"
            />
          )),
        )}
        <rect x="222" y="234" width="36" height="48" rx="6" fill="#0f6b5c" />
        <rect
          x="206"
          y="192"
          width="68"
          height="26"
          rx="6"
          fill="#d5f1ec"
          stroke="#0f6b5c"
          strokeWidth="2"
        />
      </g>
      <g fill="#0c5449">
        <circle cx="86" cy="262" r="18" />
        <rect x="82" y="262" width="8" height="26" rx="3" />
        <circle cx="404" cy="258" r="22" />
        <rect x="400" y="258" width="8" height="30" rx="3" />
      </g>
    </svg>
  );
}
