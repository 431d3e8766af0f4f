import { useId } from 'react';

/** The mark: a map pin whose head is a link ring; the word mark follows it. */
export function Logo({ withWord = true }: { withWord?: boolean }) {
  // One gradient id per instance: a hidden copy's definition does not paint a visible copy.
  const gradient = useId();
  return (
    <svg viewBox={withWord ? '0 0 148 32' : '0 0 32 32'} height="32" role="img" aria-label="Linkhunt">
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="var(--color-accent)" />
          <stop offset="1" stopColor="var(--coral-600)" />
        </linearGradient>
      </defs>
      <path d="M16 2c-6.6 0-12 5.2-12 11.7C4 22.4 16 30 16 30s12-7.6 12-16.3C28 7.2 22.6 2 16 2Z" fill={`url(#${gradient})`} />
      <path
        d="M13.3 15.9a3.6 3.6 0 0 0 5.1 0l2.6-2.6a3.6 3.6 0 0 0-5.1-5.1l-1 1M18.7 11.5a3.6 3.6 0 0 0-5.1 0L11 14.1a3.6 3.6 0 0 0 5.1 5.1l1-1"
        fill="none"
        stroke="#fff"
        strokeWidth="2"
        strokeLinecap="round"
      />
      {withWord && (
        <text x="36" y="23" fontFamily="inherit" fontSize="20" fontWeight="800" letterSpacing="-0.5" fill="currentColor">
          link<tspan fill="var(--color-accent)">hunt</tspan>
        </text>
      )}
    </svg>
  );
}
