/** A part that starts with a house number or names a unit in a building holds a street, never a town. */
const STREET_PART = /^\s*(\d|(unit|flat|suite|apt|apartment|floor|building|room)\b)/i;

/**
 * The parts of an address that could name a town, in the address's order (most specific first):
 * each comma-separated part that does not hold a street, without its words that carry a digit (a
 * postcode: "Canterbury CT1 2AB" → "Canterbury"). The server looks these up in the gazetteer; the
 * admin's Set place box starts on the first when none was found.
 */
export function townPartsOf(address: string): { text: string; words: string }[] {
  return address
    .split(/[,;\n]/)
    .map((part) => part.trim())
    .filter((part) => part && !STREET_PART.test(part))
    .map((part) => ({
      text: part,
      words: part
        .split(/\s+/)
        .filter((word) => !/\d/.test(word))
        .join(' '),
    }))
    .filter((part) => part.words);
}
