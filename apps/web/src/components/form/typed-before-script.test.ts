import { describe, expect, it } from 'vitest';
import { typedValuesOf } from './typed-before-script.ts';

/** A form as the prerender serves it: every field empty, unticked or on its placeholder option. */
function servedForm() {
  const form = document.createElement('form');
  form.innerHTML = [
    '<input name="size" value="">',
    '<select name="urgency"><option value="">Select urgency</option><option value="urgent">Urgent</option></select>',
    '<textarea name="notes"></textarea>',
    '<input type="checkbox" name="terms">',
    '<input type="radio" name="plan" value="basic"><input type="radio" name="plan" value="pro">',
    '<input type="date" name="day" value="">',
  ].join('');
  return form;
}

const NAMES = ['size', 'urgency', 'notes', 'terms', 'plan', 'day', 'missing'];

describe('entries typed before the script ran', () => {
  it('reads nothing from a form as it was served, so a form rendered in the browser is left as it is', () => {
    expect(typedValuesOf(servedForm(), NAMES)).toEqual(new Map());
    expect(typedValuesOf(null, NAMES)).toEqual(new Map());
  });

  it('reads what was typed, chosen, ticked and picked, by field name', () => {
    const form = servedForm();
    (form.elements.namedItem('size') as HTMLInputElement).value = '150';
    (form.elements.namedItem('urgency') as HTMLSelectElement).value = 'urgent';
    (form.elements.namedItem('notes') as HTMLTextAreaElement).value = 'Two floors\nand a cellar';
    (form.elements.namedItem('terms') as HTMLInputElement).checked = true;
    (form.querySelector('input[value="pro"]') as HTMLInputElement).checked = true;
    (form.elements.namedItem('day') as HTMLInputElement).value = '2027-03-04';
    expect(typedValuesOf(form, NAMES)).toEqual(
      new Map<string, string | boolean>([
        ['size', '150'],
        ['urgency', 'urgent'],
        ['notes', 'Two floors\nand a cellar'],
        ['terms', true],
        ['plan', 'pro'],
        ['day', '2027-03-04'],
      ]),
    );
  });
});
