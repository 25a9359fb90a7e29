/**
 * Where each "Book a call" button sits, as the label analytics reports for it (spec §7).
 * Every booking link on the site carries one of these in `data-booking`.
 */

export type ServiceId = 'shopify' | 'content' | 'admin-appointment';

export type BookingPlacement =
  | 'navigation_desktop'
  | 'navigation_mobile'
  | 'home_hero'
  | 'home_cta'
  | 'services_hero'
  | 'services_bottom_cta'
  | 'about_cta'
  | `content_package_${number}`
  | `shopify_package_${number}`
  | 'shopify_package_custom'
  | 'admin_appointment_free_quote'
  | 'content_packages_footer'
  | 'shopify_packages_footer'
  | 'admin_appointment_packages_footer'
  | 'content_packages_sticky'
  | 'shopify_packages_sticky'
  | 'admin_appointment_packages_sticky'
  | 'contact_success_message'
  | 'contact_sidebar'
  | 'blog_post_cta'
  | 'case_study_cta';

interface ServicePlacements {
  /** A package card's button; `position` counts from 1 in the order the page shows them. */
  package?: (position: number) => BookingPlacement;
  custom?: BookingPlacement;
  quote?: BookingPlacement;
  footer: BookingPlacement;
  sticky: BookingPlacement;
}

export const servicePlacements: Readonly<Record<ServiceId, ServicePlacements>> = {
  content: {
    package: (position) => `content_package_${position}`,
    footer: 'content_packages_footer',
    sticky: 'content_packages_sticky',
  },
  shopify: {
    package: (position) => `shopify_package_${position}`,
    custom: 'shopify_package_custom',
    footer: 'shopify_packages_footer',
    sticky: 'shopify_packages_sticky',
  },
  'admin-appointment': {
    quote: 'admin_appointment_free_quote',
    footer: 'admin_appointment_packages_footer',
    sticky: 'admin_appointment_packages_sticky',
  },
};

export function packagePlacement(service: ServiceId, position: number): BookingPlacement {
  const make = servicePlacements[service].package;
  if (!make) throw new Error(`The ${service} service has no package cards`);
  if (!Number.isInteger(position) || position < 1) {
    throw new RangeError(`A package position counts from 1, got ${position}`);
  }
  return make(position);
}
