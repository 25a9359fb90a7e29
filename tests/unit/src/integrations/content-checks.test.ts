/**
 * The content checks' two homes: `npm run dev` prints the mistakes at start and after each save,
 * `astro build` stops on them, checking links against the pages it wrote. A small project in a
 * temporary folder, the integration's hooks called as Astro calls them.
 */
import { EventEmitter } from 'node:events';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { contentChecks } from '#src/integrations/content-checks.ts';
import { articleColumnWidth } from '#src/lib/build-time/images/article-pictures.ts';

const root = mkdtempSync(join(tmpdir(), 'content-checks-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function write(path: string, text: string) {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
}

const redirects = { '/services/old': '/services/shopify' };
type Hook = (options: object) => void | Promise<void>;

function integration() {
  const { hooks } = contentChecks({ origin: 'https://www.example.test', redirects });
  const hook = (name: string) => hooks[name] as Hook;
  const logger = { error: vi.fn(), info: vi.fn(), warn: vi.fn() };
  void hook('astro:config:setup')({ config: { root: pathToFileURL(`${root}/`) } });
  return { hook, logger };
}

/** A route as Astro resolves it from a file in src/pages/. */
const route = (pattern: string, regex: RegExp, pathname?: string) => ({
  pattern,
  patternRegex: regex,
  pathname,
  origin: 'project',
});

const page = 'src/content/legal/terms.md';
write(page, '# Terms\n\n[Services](/services/shopify) [Typo](/servces)\n');
write('src/content/pages/blog.yaml', 'links:\n  - label: Old\n    href: /services/old\n');

describe('the content checks in the preview', () => {
  it('print every mistake at start, and again after each save in src/content/', () => {
    const { hook, logger } = integration();
    void hook('astro:routes:resolved')({
      routes: [
        route('/services', /^\/services$/, '/services'),
        route('/services/[service]', /^\/services\/([^/]+)$/),
      ],
    });
    const watcher = new EventEmitter();
    void hook('astro:server:setup')({ server: { watcher }, logger });
    expect(logger.error).toHaveBeenCalledOnce();
    expect(String(logger.error.mock.calls[0]?.[0]).split('\n').slice(1)).toEqual([
      `${page}:3: the link "/servces" goes to no page on this site. Check the address, e.g. /services.`,
      'src/content/pages/blog.yaml:3: the link "/services/old" goes to /services/old, an old address that only redirects: use /services/shopify instead.',
    ]);

    write(page, '# Terms\n\n[Services](/services)\n');
    write('src/content/pages/blog.yaml', 'links:\n  - label: Services\n    href: /services/shopify\n');
    watcher.emit('change', join(root, page));
    expect(logger.error).toHaveBeenCalledOnce();
    expect(logger.info).toHaveBeenCalledWith('the mistakes in src/content/ are fixed');

    write(page, '# Terms\n\n![](/x.png)\n');
    watcher.emit('change', join(root, 'src/pages/other.astro'));
    expect(logger.error).toHaveBeenCalledOnce();
    watcher.emit('add', join(root, page));
    expect(logger.error).toHaveBeenCalledTimes(2);
  });
});

describe('the content checks in a build', () => {
  const dist = join(root, 'dist');
  beforeAll(() => {
    for (const file of ['index.html', 'services.html', 'services/old.html', 'rss.xml']) {
      write(`dist/${file}`, '');
    }
    write('src/content/pages/blog.yaml', 'links:\n  - label: Services\n    href: /services\n');
  });

  it('check links against the pages and files written, and stop naming each mistake', async () => {
    const { hook, logger } = integration();
    write(page, '# Terms\n\n[Home](/) [Feed](/rss.xml) [Old](/services/old) [Shopify](/services/shopify)\n');
    await expect(hook('astro:build:done')({ dir: pathToFileURL(`${dist}/`), logger })).rejects.toThrow(
      [
        '2 mistakes in src/content/ to fix before the site can be built:',
        `${page}:3: the link "/services/old" goes to /services/old, an old address that only redirects: use /services/shopify instead.`,
        `${page}:3: the link "/services/shopify" goes to no page on this site. Check the address, e.g. /services.`,
      ].join('\n'),
    );
  });

  it('pass a site without mistakes', async () => {
    const { hook, logger } = integration();
    write(page, '# Terms\n\n[Home](/) [Services](/services/)\n');
    await hook('astro:build:done')({ dir: pathToFileURL(`${dist}/`), logger });
    expect(logger.info).toHaveBeenCalledOnce();
    expect(logger.warn).not.toHaveBeenCalled();
  });

  it('warn, and still build, about a post’s photo narrower than the column, naming its file and line', async () => {
    const { hook, logger } = integration();
    const post = 'src/content/blog/post.md';
    write(page, '# Terms\n\n[Home](/)\n');
    write(post, '---\ntitle: A post\ncover: ./wide.png\n---\n\n![The team](./narrow.png)\n');
    // The smallest PNG headers the size reader needs: 8 bytes of signature, then IHDR's width and height.
    const png = (width: number) => {
      const header = Buffer.alloc(24);
      Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex').copy(header);
      header.writeUInt32BE(width, 16);
      header.writeUInt32BE(width, 20);
      return header;
    };
    writeFileSync(join(root, 'src/content/blog/wide.png'), png(articleColumnWidth));
    writeFileSync(join(root, 'src/content/blog/narrow.png'), png(articleColumnWidth - 1));
    await hook('astro:build:done')({ dir: pathToFileURL(`${dist}/`), logger });
    rmSync(join(root, 'src/content/blog'), { recursive: true });
    expect(logger.warn).toHaveBeenCalledOnce();
    expect(String(logger.warn.mock.calls[0]?.[0]).split('\n').slice(1)).toEqual([
      expect.stringMatching(
        new RegExp(`^${post}:6: the photo ./narrow.png is ${articleColumnWidth - 1} pixels wide`),
      ),
    ]);
    expect(logger.info).toHaveBeenCalledOnce();
  });
});
