/** "attachment; filename=…" safe for any original name: an ASCII fallback plus the UTF-8 form (RFC 6266). */
export function attachmentDisposition(name: string) {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
