import { describe, expect, it } from 'vitest';
import { servicePlacements } from '@/lib/shared/booking';
import { isBookingPlacement, sitePlacements } from '#support/booking-labels.ts';

describe('a service’s booking labels', () => {
  it('start with its id, hyphens turned into underscores', () => {
    expect(servicePlacements('admin-appointment').quote).toBe('admin_appointment_free_quote');
    expect(servicePlacements('bookkeeping-and-payroll').quote).toBe('bookkeeping_and_payroll_free_quote');
    expect(servicePlacements('content').quote).toBe('content_free_quote');
  });

  it('follow the spec’s pattern for every kind of button', () => {
    const labels = servicePlacements('bookkeeping-payroll');
    expect([
      labels.package(1),
      labels.package(12),
      labels.custom,
      labels.quote,
      labels.footer,
      labels.sticky,
    ]).toEqual([
      'bookkeeping_payroll_package_1',
      'bookkeeping_payroll_package_12',
      'bookkeeping_payroll_package_custom',
      'bookkeeping_payroll_free_quote',
      'bookkeeping_payroll_packages_footer',
      'bookkeeping_payroll_packages_sticky',
    ]);
  });

  it('are valid for the services named, and only for them', () => {
    const ids = ['content', 'bookkeeping-payroll'];
    const labels = servicePlacements('bookkeeping-payroll');
    for (const label of [labels.package(3), labels.custom, labels.quote, labels.footer, labels.sticky]) {
      expect(isBookingPlacement(label, ids), label).toBe(true);
      expect(isBookingPlacement(label, ['content']), label).toBe(false);
    }
    for (const label of [
      'bookkeeping-payroll_packages_footer',
      'bookkeeping_payroll_package_0',
      'bookkeeping_payroll_package_01',
      'bookkeeping_payroll_packages_custom',
      'bookkeeping_payroll_footer',
      'content_payroll_packages_footer',
      'content_',
    ]) {
      expect(isBookingPlacement(label, ids), label).toBe(false);
    }
  });

  it('leave the labels outside the service pages valid whatever the services', () => {
    for (const label of sitePlacements) expect(isBookingPlacement(label, []), label).toBe(true);
    expect(sitePlacements).toContain('navigation_mobile');
    expect(sitePlacements.some((label) => label.includes('package'))).toBe(false);
  });
});
