/**
 * The few stroked 24-px icons the React components draw, in the same markup as Icon.astro
 * (which cannot be used inside React). Always decorative: the text next to them names the control.
 */
const paths = {
  chevron: 'm6 9 6 6 6-6',
  menu: 'M4 7h16M4 12h16M4 17h16',
  close: 'M6 6l12 12M18 6 6 18',
  calendar: 'M4 6h16v14H4V6Zm0 4h16M8 3v4m8-4v4',
  check: 'm5 12 4 4 10-10',
} as const;

export function Icon({ name, className = 'size-5' }: { name: keyof typeof paths; className?: string }) {
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={paths[name]} />
    </svg>
  );
}
