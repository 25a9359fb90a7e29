/**
 * Every label a booking link may carry (`BookingPlacement`, src/lib/shared/booking.ts), as a list
 * the tests hold the built pages' `data-booking` values to.
 */
import type { BookingPlacement } from '../../../src/lib/shared/booking.ts';

type FixedPlacement = Exclude<BookingPlacement, `${'content' | 'shopify'}_package_${number}`>;

// A record, so the compiler refuses a label added to the type but missing here (or the reverse).
const fixed: Record<FixedPlacement, true> = {
  navigation_desktop: true,
  navigation_mobile: true,
  home_hero: true,
  home_cta: true,
  services_hero: true,
  services_bottom_cta: true,
  about_cta: true,
  shopify_package_custom: true,
  admin_appointment_free_quote: true,
  content_packages_footer: true,
  shopify_packages_footer: true,
  admin_appointment_packages_footer: true,
  content_packages_sticky: true,
  shopify_packages_sticky: true,
  admin_appointment_packages_sticky: true,
  contact_success_message: true,
  contact_sidebar: true,
  blog_post_cta: true,
  case_study_cta: true,
};

/** Every label but the numbered package cards (`content_package_{n}`, `shopify_package_{n}`). */
export const fixedPlacements = Object.keys(fixed) as FixedPlacement[];

/** True for a label on the list: a fixed one, or a package card's with a position from 1. */
export function isBookingPlacement(label: string): label is BookingPlacement {
  return Object.hasOwn(fixed, label) || /^(content|shopify)_package_[1-9]\d*$/.test(label);
}
