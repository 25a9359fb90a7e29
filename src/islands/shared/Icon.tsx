/**
 * The few stroked 24-px icons the React components draw, in the same markup as Icon.astro
 * (which cannot be used inside React), from the same path data. Always decorative: the text
 * next to them names the control.
 */
import { calendar, check, chevron, close, menu } from '@/lib/shared/icon-paths';

// Only the icons the islands draw, so their bundles carry no other path data.
const paths = { calendar, check, chevron, close, menu };

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
