/**
 * Every label a booking link may carry (`BookingPlacement`, src/lib/shared/booking.ts), as the
 * tests hold the built pages' `data-booking` values to them: the spec's labels outside the service
 * pages, and each service's by the spec's pattern.
 */
import type { BookingPlacement, SitePlacement } from '#src/lib/shared/booking.ts';

// A record, so the compiler refuses a label added to the type but missing here (or the reverse).
const site: Record<SitePlacement, true> = {
  navigation_desktop: true,
  navigation_mobile: true,
  home_hero: true,
  home_cta: true,
  services_hero: true,
  services_bottom_cta: true,
  about_cta: true,
  contact_success_message: true,
  contact_sidebar: true,
  blog_post_cta: true,
  case_study_cta: true,
};

/** Every label outside the service pages. */
export const sitePlacements = Object.keys(site) as SitePlacement[];

const serviceSuffix = /^(?:package_(?:[1-9]\d*|custom)|free_quote|packages_(?:footer|sticky))$/;

/**
 * True for a label on the list: one outside the service pages, or one of the given services'
 * (their ids, e.g. read from a build), a package card's with a position from 1.
 */
export function isBookingPlacement(label: string, serviceIds: readonly string[]): label is BookingPlacement {
  if (Object.hasOwn(site, label)) return true;
  return serviceIds.some((id) => {
    // The spec's pattern: the service's id with `-` → `_`.
    const start = `${id.replaceAll('-', '_')}_`;
    return label.startsWith(start) && serviceSuffix.test(label.slice(start.length));
  });
}
