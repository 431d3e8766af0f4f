/*
 * The carousel buttons' pictures. Drawn rather than typed: a glyph such as "‹" is text, which becomes part of
 * what the button visibly says and then no longer matches its aria-label ("Previous"). Hidden from assistive
 * technology, the picture leaves the aria-label as the whole name.
 */

interface IconProps {
  className?: string;
}

export function ChevronIcon({ direction, className }: IconProps & { direction: 'previous' | 'next' }) {
  return (
    <svg className={className} viewBox="0 0 24 24" aria-hidden="true" focusable="false" data-icon={`chevron-${direction}`}>
      <path d={direction === 'previous' ? 'M15 5l-7 7 7 7' : 'M9 5l7 7-7 7'} />
    </svg>
  );
}

export function PauseIcon({ className }: IconProps) {
  return (
    <svg className={className} viewBox="0 0 24 24" aria-hidden="true" focusable="false" data-icon="pause">
      <path d="M8 5v14M16 5v14" />
    </svg>
  );
}

export function PlayIcon({ className }: IconProps) {
  return (
    <svg className={className} viewBox="0 0 24 24" aria-hidden="true" focusable="false" data-icon="play">
      <path d="M8 5.5v13l10.5-6.5z" />
    </svg>
  );
}
