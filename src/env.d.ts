declare namespace Astro {
  interface ClientDirectives {
    /**
     * Hydrate on the visitor's first pointer, touch, focus or key event inside the island; given a
     * sessionStorage key, at once when the tab holds it (src/lib/browser/on-interaction.ts).
     */
    'client:interaction'?: boolean | string;
  }
}

/** The services' menu links, in their `order` (src/integrations/service-links.ts). */
declare module 'virtual:service-links' {
  export const serviceLinks: readonly { href: string; label: string }[];
}
