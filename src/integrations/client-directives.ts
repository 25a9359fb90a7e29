/** Registers the site's own hydration directive (src/lib/browser/on-interaction.ts). */
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

export function clientDirectives(): AstroIntegration {
  return {
    name: 'client-directives',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({
          name: 'interaction',
          entrypoint: fileURLToPath(new URL('../lib/browser/on-interaction.ts', import.meta.url)),
        });
      },
    },
  };
}
