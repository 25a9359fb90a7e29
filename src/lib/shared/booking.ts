/**
 * Where each "Book a call" button sits, as the label analytics reports for it (spec §7).
 * Every booking link on the site carries one of these in `data-booking`: a label of its own
 * outside the service pages, or on a service page one derived from the service's id.
 */

export type SitePlacement =
  | 'navigation_desktop'
  | 'navigation_mobile'
  | 'home_hero'
  | 'home_cta'
  | 'services_hero'
  | 'services_bottom_cta'
  | 'about_cta'
  | 'contact_success_message'
  | 'contact_sidebar'
  | 'blog_post_cta'
  | 'case_study_cta';

/** A service page's labels, `{p}` being the service's id with `-` → `_` (spec §7's pattern). */
export type ServicePlacement =
  | `${string}_package_${number}`
  | `${string}_package_custom`
  | `${string}_free_quote`
  | `${string}_packages_footer`
  | `${string}_packages_sticky`;

export type BookingPlacement = SitePlacement | ServicePlacement;

interface ServicePlacements {
  /** A package card's button; `position` counts from 1 in the order the page shows them. */
  package: (position: number) => ServicePlacement;
  /** The quote-only card after the packages. */
  custom: ServicePlacement;
  /** The centred free-quote card. */
  quote: ServicePlacement;
  /** The closing section's button. */
  footer: ServicePlacement;
  /** The floating button. */
  sticky: ServicePlacement;
}

/** The start of every label of a service: its id with `-` → `_` (admin-appointment → admin_appointment). */
const placementPrefix = (serviceId: string) => serviceId.replaceAll('-', '_');

/** The labels of a service page's buttons, e.g. `content_package_2` or `admin_appointment_free_quote`. */
export function servicePlacements(serviceId: string): ServicePlacements {
  const p = placementPrefix(serviceId);
  return {
    package: (position) => {
      if (!Number.isInteger(position) || position < 1) {
        throw new RangeError(`A package position counts from 1, got ${position}`);
      }
      return `${p}_package_${position}`;
    },
    custom: `${p}_package_custom`,
    quote: `${p}_free_quote`,
    footer: `${p}_packages_footer`,
    sticky: `${p}_packages_sticky`,
  };
}
