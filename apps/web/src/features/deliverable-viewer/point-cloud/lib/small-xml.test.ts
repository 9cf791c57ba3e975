import { describe, expect, it } from 'vitest';
import { parseXml } from './small-xml.ts';

describe('parseXml', () => {
  it('reads elements, namespaced names, attributes, text, CDATA and entities; skips comments', () => {
    const root = parseXml(
      '<?xml version="1.0"?>\n<!-- made by hand --><e57:root xmlns:e57="x" a=\'1\' b="&lt;2&gt;"><name><![CDATA[Hall <east>]]></name><n>4 &amp; 5</n><empty/></e57:root>',
    );
    expect(root.name).toBe('root');
    expect(root.attributes).toMatchObject({ a: '1', b: '<2>' });
    expect(root.children.map((child) => [child.name, child.text])).toEqual([
      ['name', 'Hall <east>'],
      ['n', '4 & 5'],
      ['empty', ''],
    ]);
  });

  it('refuses broken XML, naming what is wrong', () => {
    expect(() => parseXml('<a><b></a>')).toThrow('Unexpected </a>');
    expect(() => parseXml('<a><b>')).toThrow('Unclosed <b>');
    expect(() => parseXml('<a><![CDATA[x</a>')).toThrow('Unclosed CDATA');
    expect(() => parseXml('just text')).toThrow('no root element');
  });
});
