declare namespace Astro {
  interface ClientDirectives {
    /** Hydrate on the visitor's first pointer, touch, focus or key event inside the island. */
    'client:interaction'?: boolean;
  }
}
