/**
 * The floating "Book a discovery call" button at the right edge of the service pages.
 *
 * The design card lists it as an island, but nothing in it needs React in the browser: it is a
 * link that opens the scheduling page in a new tab, and its one behaviour, showing only once
 * scrolling exceeds a viewport height, is a few lines of page script (ScrollEffects.astro) that
 * must work without React ever loading. So it is rendered with React on the server only, with no
 * client directive: zero bytes of JavaScript. Its placement label is in `data-booking`, where
 * analytics reads it for every booking link alike.
 */
import type { BookingPlacement } from '@/lib/booking';
import { Icon } from './shared/Icon';

export interface FloatingBookingProps {
  href: string;
  label: string;
  /** The analytics placement label (src/lib/booking.ts), e.g. `content_packages_sticky`. */
  placement: BookingPlacement;
  newTabHint: string;
}

export default function FloatingBooking({ href, label, placement, newTabHint }: FloatingBookingProps) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener"
      data-booking={placement}
      data-floating-booking
      className="btn-primary fixed right-4 bottom-4 z-30 shadow-lg md:right-6 md:bottom-6"
    >
      <Icon name="calendar" className="size-5" />
      {label}
      <span className="sr-only">{newTabHint}</span>
    </a>
  );
}
