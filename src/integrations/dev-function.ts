/**
 * `npm run dev` answers the contact function at the same path as Netlify and `npm start`, so the
 * form can be tried end to end while editing. The handler is loaded through Vite on each request,
 * so changes to functions/ apply without a restart. Development only: the build ignores this.
 * Nothing outside src/ is imported until a request comes, so the config loads without server/.
 * Enquiries are stored in the same local Blobs store as under `npm start`, started on first use.
 */
import type { AstroIntegration } from 'astro';
import type { WebHandler } from '../../server/function-route.ts';

export function devFunction({ path, entry }: { path: string; entry: string }): AstroIntegration {
  return {
    name: 'dev-function',
    hooks: {
      'astro:server:setup': ({ server, logger }) => {
        // Under `npm run dev` an enquiry without SMTP is kept as a file in outbox/ (see mail-settings).
        process.env.OUTBOX_DIR ||= 'outbox';
        let blobs: Promise<{ stop(): Promise<void> }> | undefined;
        server.httpServer?.once('close', () => void blobs?.then((started) => started.stop()));
        server.middlewares.use((req, res, next) => {
          if (new URL(req.url ?? '/', 'http://localhost').pathname !== path) return next();
          blobs ??= import('../../server/local-blobs.ts').then(({ startLocalBlobs }) => startLocalBlobs());
          Promise.all([import('../../server/function-route.ts'), server.ssrLoadModule(entry), blobs])
            .then(([{ runFunction }, module]) => runFunction(module.default as WebHandler, req, res))
            .catch((error: unknown) => {
              logger.error(`${path} failed: ${error instanceof Error ? error.message : String(error)}`);
              if (!res.headersSent) res.statusCode = 500;
              res.end();
            });
        });
      },
    },
  };
}
