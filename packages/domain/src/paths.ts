/** A route's path with its `:name` parameters filled in (zod-free: the sign-in pages and the driver app use it too). */
export function fillPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:([A-Za-z_]\w*)/g, (_, name: string) => {
    const v = params?.[name];
    if (v === undefined || v === null || v === '') throw new Error(`missing path parameter ${name} of ${path}`);
    return encodeURIComponent(String(v));
  });
}
