import { describe, expect, it } from 'vitest';
import { secretOfTotpUri } from './two-factor-card.tsx';

describe('secretOfTotpUri', () => {
  it('reads the base32 secret of an otpauth URI', () => {
    expect(secretOfTotpUri('otpauth://totp/SpaceCapture:a%40b.test?secret=JBSWY3DPEHPK3PXP&issuer=SpaceCapture')).toBe(
      'JBSWY3DPEHPK3PXP',
    );
  });
  it('is empty for anything else', () => {
    expect(secretOfTotpUri('not a uri')).toBe('');
    expect(secretOfTotpUri('otpauth://totp/x')).toBe('');
  });
});
