/**
 * `npm run dev` answers the contact function at the same path as Netlify and `npm start`, so the
 * form can be tried end to end while editing. The handler is loaded through Vite on each request,
 * so changes to functions/ apply without a restart. Development only: the build ignores this.
 * Nothing outside src/ is imported until a request comes, so the config loads without server/.
 * The first request reads the local server's settings (server/config.ts) and starts the same
 * local Blobs store as `npm start` keeps enquiries in: without mail settings an enquiry is kept
 * there, as everywhere, and `npm run enquiries` lists it.
 */
import type { AstroIntegration } from 'astro';
import type { WebHandler } from '../../server/function-route.ts';

/** What the function needs around it, set up once, on the first request. */
async function startFunctionHost() {
  const { serverConfig } = await import('../../server/config.ts');
  const { trustProxy, enquiryStoreDir } = serverConfig(process.env);
  const { startLocalBlobs } = await import('../../server/local-blobs.ts');
  return { trustProxy, blobs: await startLocalBlobs(enquiryStoreDir) };
}

export function devFunction({ path, entry }: { path: string; entry: string }): AstroIntegration {
  return {
    name: 'dev-function',
    hooks: {
      'astro:server:setup': ({ server, logger }) => {
        let host: ReturnType<typeof startFunctionHost> | undefined;
        server.httpServer?.once(
          'close',
          () =>
            void host?.then(
              ({ blobs }) => blobs.stop(),
              () => undefined,
            ),
        );
        server.middlewares.use((req, res, next) => {
          if (new URL(req.url ?? '/', 'http://localhost').pathname !== path) return next();
          host ??= startFunctionHost();
          Promise.all([import('../../server/function-route.ts'), server.ssrLoadModule(entry), host])
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
