/**
 * Follows a file link as a download at once, named `fileName`, without leaving the page: the link
 * (usually signed and short-lived) is used the moment it is had and never kept in the page.
 */
export function startDownload(url: string, fileName: string) {
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.rel = 'noopener';
  anchor.hidden = true;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}
