import { describe, expect, it } from 'vitest';
import { fromMinorUnits, minorDigitsOf, toMinorUnits } from './money.ts';

describe('minor units', () => {
  it('knows each currency’s digits', () => {
    expect(minorDigitsOf('USD')).toBe(2);
    expect(minorDigitsOf('JPY')).toBe(0);
    expect(minorDigitsOf('BHD')).toBe(3);
  });

  it('converts through the decimal text, exactly', () => {
    expect(toMinorUnits(0.29, 'USD')).toBe(29);
    expect(toMinorUnits('1200.50', 'GBP')).toBe(120050);
    expect(toMinorUnits(1200.5, 'GBP')).toBe(120050);
    expect(toMinorUnits('1500', 'JPY')).toBe(1500);
    expect(toMinorUnits('-12.34', 'EUR')).toBe(-1234);
    expect(toMinorUnits('1.235', 'BHD')).toBe(1235);
    expect(fromMinorUnits(120050, 'GBP')).toBe(1200.5);
  });

  it('refuses more decimals than the currency has, and text that is not an amount', () => {
    expect(() => toMinorUnits('10.005', 'USD')).toThrow('more decimals than USD allows');
    expect(() => toMinorUnits('12.5', 'JPY')).toThrow('more decimals than JPY allows');
    expect(() => toMinorUnits('1e3', 'USD')).toThrow('Not an amount');
  });
});
