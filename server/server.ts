/**
 * The whole product on one machine: the built site plus the contact function at the same path
 * Netlify serves it from. Used by `npm start` and by the browser tests.
 */
import { createServer, type Server } from 'node:http';
import contactHandler, { config as contactConfig } from '../functions/send-contact-email.mts';
import { createStaticSite } from './static-site.ts';
import { runFunction } from './function-route.ts';

export interface SiteServerOptions {
  root: string;
  log?: (line: string) => void;
}

export function createSiteServer({ root, log }: SiteServerOptions): Server {
  const site = createStaticSite({ root, log });
  return createServer((req, res) => {
    const { pathname } = new URL(req.url ?? '/', 'http://localhost');
    const handled = pathname === contactConfig.path ? runFunction(contactHandler, req, res) : site(req, res);
    handled.catch((error: unknown) => {
      console.error('Request failed:', error);
      if (!res.headersSent) res.statusCode = 500;
      res.end();
    });
  });
}
