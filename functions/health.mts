/**
 * `GET /api/health` on Netlify, for an uptime monitor: whether enquiries reach the agency's inbox
 * (enquiries/health-handler.ts), read from the enquiry store's watch in Netlify Blobs. The local
 * server answers the same path with the same handler over its own store (enquiries/host.ts).
 */
import { createHealthHandler } from '../enquiries/health-handler.ts';
import { openBlobsStore } from '../enquiries/store/blobs.ts';

// A literal: Netlify reads it without running the code. Held by a test to `healthEndpoint`
// (src/lib/shared/paths.ts), the path's one home.
export const config = { path: '/api/health' };

export default createHealthHandler({ now: () => Date.now(), store: openBlobsStore(), env: process.env });
