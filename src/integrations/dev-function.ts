/**
 * `npm run dev` answers the contact function at the same path as Netlify and `npm start`, so the
 * form can be tried end to end while editing. The handler is loaded through Vite on each request,
 * so changes to functions/ apply without a restart. Development only: the build ignores this.
 * Nothing outside src/ is imported until the dev server listens, so the config loads without
 * server/. Then it reads the local server's settings (server/config.ts), starts the same local
 * Blobs store as `npm start` keeps enquiries in and the same retry job (at once, then every
 * minute), and prints the same warning when mail is not configured: enquiries are kept there, as
 * everywhere, and mailed once it is.
 */
import type { AstroIntegration } from 'astro';
import type { WebHandler } from '../../server/function-route.ts';

/** What the function needs around it, set up once. */
async function startFunctionHost(warn: (text: string) => void) {
  const { serverConfig } = await import('../../server/config.ts');
  const { trustProxy, enquiryStoreDir } = serverConfig(process.env);
  const { startLocalBlobs } = await import('../../server/local-blobs.ts');
  const blobs = await startLocalBlobs(enquiryStoreDir);
  const { scheduleRetries } = await import('../../server/retry-schedule.ts');
  const retries = scheduleRetries();
  const { mailWarning } = await import('../../server/mail-warning.ts');
  const warning = mailWarning(process.env, blobs.directory);
  if (warning) warn(`\n${warning}`);
  return { trustProxy, blobs, retries };
}

export function devFunction({ path, entry }: { path: string; entry: string }): AstroIntegration {
  return {
    name: 'dev-function',
    hooks: {
      'astro:server:setup': ({ server, logger }) => {
        let host: ReturnType<typeof startFunctionHost> | undefined;
        const start = () => {
          host ??= startFunctionHost((text) => logger.warn(text));
          return host;
        };
        // At once, so enquiries kept earlier are sent without waiting for a new one.
        server.httpServer?.once('listening', () => {
          start().catch((error: unknown) => logger.error(`${path}: ${String(error)}`));
        });
        server.httpServer?.once(
          'close',
          () =>
            void host?.then(
              ({ blobs, retries }) => {
                retries.stop();
                return blobs.stop();
              },
              () => undefined,
            ),
        );
        server.middlewares.use((req, res, next) => {
          if (new URL(req.url ?? '/', 'http://localhost').pathname !== path) return next();
          Promise.all([import('../../server/function-route.ts'), server.ssrLoadModule(entry), start()])
            .then(([{ runFunction }, module, { trustProxy }]) =>
              runFunction(module.default as WebHandler, req, res, { trustProxy }),
            )
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
