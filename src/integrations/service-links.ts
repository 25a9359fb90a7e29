/**
 * The `virtual:service-links` module: the services' menu links, read from their content files
 * (src/lib/build-time/content/service-files.ts). The phone menu island bundles them, since as props they would
 * repeat in every page's HTML, and a collection cannot be read in the browser. Under `npm run dev`
 * a changed, added or removed service file reloads the page with the new links.
 */
import { resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import type { Plugin } from 'vite';
import { readServiceLinks, serviceFiles } from '../lib/build-time/content/service-files.ts';

const moduleId = 'virtual:service-links';
// Vite's convention for a virtual module: the \0 keeps other plugins from treating it as a file.
const resolvedId = `\0${moduleId}`;

/** The Vite plugin alone, for the unit tests' Vite (vitest.config.ts). */
export function serviceLinksPlugin(root: string): Plugin {
  const folder = resolve(root, serviceFiles.base) + sep;
  return {
    name: 'service-links',
    resolveId: (source) => (source === moduleId ? resolvedId : undefined),
    load(id) {
      if (id !== resolvedId) return undefined;
      return `export const serviceLinks = ${JSON.stringify(readServiceLinks(root))};\n`;
    },
    configureServer(server) {
      const reload = (file: string) => {
        if (!file.startsWith(folder)) return;
        for (const environment of Object.values(server.environments)) {
          const module = environment.moduleGraph.getModuleById(resolvedId);
          if (module) environment.moduleGraph.invalidateModule(module);
        }
        server.ws.send({ type: 'full-reload' });
      };
      server.watcher.on('add', reload).on('change', reload).on('unlink', reload);
    },
  };
}

export function serviceLinks(): AstroIntegration {
  return {
    name: 'service-links',
    hooks: {
      'astro:config:setup': ({ config, updateConfig }) => {
        updateConfig({ vite: { plugins: [serviceLinksPlugin(fileURLToPath(config.root))] } });
      },
    },
  };
}
