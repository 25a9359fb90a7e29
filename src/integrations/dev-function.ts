/**
 * `npm run dev` answers the contact function (and the health check, `healthEndpoint`) at the same
 * paths as Netlify and `npm start`, so the form can be tried end to end while editing. The
 * contact function's module is loaded through Vite on each request, so changes to it and what it
 * imports apply without a restart; the host below (the store, the retry job, the health check) is
 * loaded once, so changes there need one. The handler is built with the
 * same enquiry host as `npm start` (enquiries/host.ts: the SQLite store, the retry job at
 * once and every minute, one memory of sends not yet saved shared with the job), and the same
 * warning is printed when mail is not configured. Development only: the build ignores this.
 * Nothing outside src/ is imported until the dev server listens, so the config loads without
 * server/. Closing the dev server stops the host cleanly, as a stop of `npm start` does.
 */
import type { AstroIntegration } from 'astro';
import type { WebHandler } from '../../server/function-route.ts';
import type { ContactDeps, ContactHandler } from '../../enquiries/contact-handler.ts';
import { healthEndpoint } from '../lib/shared/paths.ts';

/** What the function needs around it, set up once. */
async function startFunctionHost(warn: (text: string) => void) {
  const { serverConfig } = await import('../../server/config.ts');
  const { trustProxy, enquiryStoreDir, enquiryStoreWaitMs } = serverConfig(process.env);
  const { startEnquiryHost } = await import('../../enquiries/host.ts');
  const { site } = await import('../site.config.ts');
  const host = startEnquiryHost({ directory: enquiryStoreDir, storeWaitMs: enquiryStoreWaitMs, site });
  const { mailWarning } = await import('../../server/mail-warning.ts');
  const warning = mailWarning(process.env, host.directory);
  if (warning) warn(`\n${warning}`);
  return { trustProxy, host };
}

/** Ctrl-C: the server closed as on SIGTERM, then the process ends (once, whatever restarts). */
let interrupted: (() => Promise<void>) | undefined;
function stopOnInterrupt(close: () => Promise<void>): void {
  if (!interrupted) process.once('SIGINT', () => void interrupted?.().finally(() => process.exit(130)));
  interrupted = close;
}

type FunctionModule = { createContactHandler: (deps: ContactDeps) => ContactHandler };

export function devFunction({ path, entry }: { path: string; entry: string }): AstroIntegration {
  // One handler per loaded module: it keeps the enquiries in progress, until the module changes.
  const handlers = new WeakMap<object, WebHandler>();
  return {
    name: 'dev-function',
    hooks: {
      'astro:server:setup': ({ server, logger }) => {
        let started: ReturnType<typeof startFunctionHost> | undefined;
        const start = () => {
          started ??= startFunctionHost((text) => logger.warn(text));
          return started;
        };
        // At once, so enquiries kept earlier are sent without waiting for a new one.
        server.httpServer?.once('listening', () => {
          start().catch((error: unknown) => logger.error(`${path}: ${String(error)}`));
        });
        const stopHost = () =>
          started?.then(
            ({ host }) => host.stop(),
            () => undefined,
          );
        server.httpServer?.once('close', () => void stopHost());
        // Vite's stop (on SIGTERM) closes the server, then exits: the function's sends in
        // progress and their saves finish first, as on a stop of `npm start`.
        const close = server.close.bind(server);
        server.close = async () => {
          await stopHost();
          await close();
        };
        stopOnInterrupt(() => server.close());
        server.middlewares.use((req, res, next) => {
          const pathname = new URL(req.url ?? '/', 'http://localhost').pathname;
          if (pathname === healthEndpoint) {
            void Promise.all([import('../../server/function-route.ts'), start()]).then(
              ([{ runFunction }, { trustProxy, host }]) => runFunction(host.health, req, res, { trustProxy }),
            );
            return;
          }
          if (pathname !== path) return next();
          Promise.all([import('../../server/function-route.ts'), server.ssrLoadModule(entry), start()])
            .then(([{ runFunction }, module, { trustProxy, host }]) => {
              const { createContactHandler } = module as FunctionModule;
              const handler = handlers.get(module) ?? host.serve(createContactHandler(host.contactDeps));
              handlers.set(module, handler);
              return runFunction(handler, req, res, { trustProxy });
            })
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
