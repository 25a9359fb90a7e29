/** Site paths as every route, link and file name uses them: no trailing slash, except the root. */
export function withoutTrailingSlash(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') || '/' : path;
}
