import { PORTFOLIO_MAX_BYTES, PORTFOLIO_MESSAGES } from '@spacecapture/shared/contracts/public-forms';
import { describe, expect, it } from 'vitest';
import { checkPortfolioFile } from './check-portfolio-file.ts';

describe('checkPortfolioFile', () => {
  it.each(['work.pdf', 'shots.ZIP', 'a.jpg', 'b.JPEG', 'c.png'])('accepts %s', (name) => {
    expect(checkPortfolioFile({ name, size: 1024 })).toBeNull();
  });

  it('rejects other extensions', () => {
    expect(checkPortfolioFile({ name: 'tool.exe', size: 10 })).toBe(PORTFOLIO_MESSAGES.type);
    expect(checkPortfolioFile({ name: 'pdf', size: 10 })).toBe(PORTFOLIO_MESSAGES.type);
  });

  it('rejects files over the size limit', () => {
    expect(checkPortfolioFile({ name: 'big.zip', size: PORTFOLIO_MAX_BYTES })).toBeNull();
    expect(checkPortfolioFile({ name: 'big.zip', size: PORTFOLIO_MAX_BYTES + 1 })).toBe(PORTFOLIO_MESSAGES.size);
  });
});
