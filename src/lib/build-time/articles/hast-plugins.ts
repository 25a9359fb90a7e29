/**
 * What the site's Markdown (Sätteri hast) plugins share: the element shape they read and return,
 * and the test of which files they change (the posts' and case studies' folders).
 */
import { fileURLToPath } from 'node:url';

export interface Element {
  type: 'element';
  tagName: string;
  properties?: Record<string, unknown>;
  children?: unknown[];
}

export interface FolderOptions {
  /** Folders, relative to the project, whose Markdown files the plugin changes, e.g. src/content/blog. */
  folders: readonly string[];
}

/** True when a document's file lies in one of the folders (Sätteri passes its `fileURL`). */
export function inFolders({ folders }: FolderOptions): (fileURL: URL | undefined) => boolean {
  const wanted = folders.map((folder) => `/${folder.replace(/^\.?\/|\/$/g, '')}/`);
  return (fileURL) => {
    const path = fileURL ? fileURLToPath(fileURL).replaceAll('\\', '/') : '';
    return wanted.some((folder) => path.includes(folder));
  };
}
