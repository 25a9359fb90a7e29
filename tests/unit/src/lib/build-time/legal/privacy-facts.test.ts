import { describe, expect, it } from 'vitest';
import {
  complaintAcknowledgement,
  ico,
  requiredFieldsText,
  retention,
} from '@/lib/build-time/legal/privacy-facts';
import { contactRateLimit, enquiryPolicy } from '#src/lib/shared/enquiry-policy.ts';

const day = 24 * 60 * 60 * 1000;

describe('the privacy notice’s figures', () => {
  it('come from the constants the enquiry store’s purge and the rate limit use', () => {
    expect(retention.delivered).toBe(`${enquiryPolicy.deleteDeliveredAfterMs / day} days`);
    expect(retention.undeliverable).toBe(`${enquiryPolicy.deleteFailedAfterMs / day} days`);
    expect(retention.retrying).toBe(`${enquiryPolicy.giveUpAfterMs / (day / 24)} hours`);
    expect(retention.rateLimitWindow).toBe(`${contactRateLimit.windowMs / 60_000} minutes`);
  });

  it('give the complaint acknowledgement period and the ICO’s website and helpline', () => {
    expect(complaintAcknowledgement).toBe('30 days');
    expect(ico).toEqual({ website: 'https://ico.org.uk', helpline: '0303 123 1113' });
  });

  it('say which enquiry fields are required, in the form’s labels', () => {
    const labels = {
      name: 'Full Name',
      email: 'Email',
      company: 'Company',
      projectType: 'Type',
      budgetRange: 'Budget',
      message: 'Message',
    };
    expect(requiredFieldsText(labels, 'en-GB')).toBe('full name, email and message');
  });
});
