import {
  PORTFOLIO_EXTENSIONS,
  PORTFOLIO_MAX_BYTES,
  PORTFOLIO_MESSAGES,
} from '@spacecapture/shared/contracts/public-forms';

/** The browser-side portfolio check (type by name, size); the server checks again, by content too. */
export function checkPortfolioFile(file: Pick<File, 'name' | 'size'>): string | null {
  const name = file.name.toLowerCase();
  if (!PORTFOLIO_EXTENSIONS.some((extension) => name.endsWith(extension))) return PORTFOLIO_MESSAGES.type;
  if (file.size > PORTFOLIO_MAX_BYTES) return PORTFOLIO_MESSAGES.size;
  return null;
}
