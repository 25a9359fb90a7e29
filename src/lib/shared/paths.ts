/** Site paths as every route, link and file name uses them: no trailing slash, except the root. */
export function withoutTrailingSlash(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') || '/' : path;
}

/**
 * Where the contact function answers, on Netlify, under `npm start` and `npm run dev`. The
 * function's own `config.path` must be a literal (Netlify reads it without running the code): a
 * test holds it to this.
 */
export const contactEndpoint = '/api/send-contact-email';

/**
 * Where the health check answers an uptime monitor (enquiries/health-handler.ts), on Netlify and
 * under `npm start`. Its function's `config.path` is held to this by a test, as the contact one is.
 */
export const healthEndpoint = '/api/health';
