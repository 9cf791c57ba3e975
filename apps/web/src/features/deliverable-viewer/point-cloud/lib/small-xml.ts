/**
 * A small XML reader for the E57 XML section: elements, attributes, text, CDATA, comments and
 * processing instructions; no DTDs or entities beyond the five predefined ones (E57 uses none).
 * Written instead of DOMParser so the same code runs in a worker and in tests, and so a hostile
 * file cannot ask for more than a linear walk over its text.
 */

export type TXmlElement = {
  name: string;
  attributes: Record<string, string>;
  children: TXmlElement[];
  text: string;
};

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
    return ENTITIES[name] ?? whole;
  });
}

/** The local part of a qualified name: "e57:points" → "points". */
function localName(name: string): string {
  const colon = name.indexOf(':');
  return colon < 0 ? name : name.slice(colon + 1);
}

const ATTRIBUTE = /([^\s=/>]+)\s*=\s*("([^"]*)"|'([^']*)')/g;

export function parseXml(xml: string): TXmlElement {
  const top: TXmlElement = { name: '#document', attributes: {}, children: [], text: '' };
  const stack: TXmlElement[] = [top];
  let at = 0;
  while (at < xml.length) {
    const open = xml.indexOf('<', at);
    const current = stack[stack.length - 1]!;
    if (open < 0) {
      current.text += decodeEntities(xml.slice(at));
      break;
    }
    if (open > at) current.text += decodeEntities(xml.slice(at, open));
    if (xml.startsWith('<![CDATA[', open)) {
      const end = xml.indexOf(']]>', open);
      if (end < 0) throw new Error('Unclosed CDATA section in the XML.');
      current.text += xml.slice(open + 9, end);
      at = end + 3;
    } else if (xml.startsWith('<!--', open)) {
      const end = xml.indexOf('-->', open);
      if (end < 0) throw new Error('Unclosed comment in the XML.');
      at = end + 3;
    } else if (xml.startsWith('<?', open) || xml.startsWith('<!', open)) {
      const end = xml.indexOf('>', open);
      if (end < 0) throw new Error('Unclosed declaration in the XML.');
      at = end + 1;
    } else if (xml.startsWith('</', open)) {
      const end = xml.indexOf('>', open);
      if (end < 0) throw new Error('Unclosed end tag in the XML.');
      const name = localName(xml.slice(open + 2, end).trim());
      if (stack.length < 2 || current.name !== name) throw new Error(`Unexpected </${name}> in the XML.`);
      stack.pop();
      at = end + 1;
    } else {
      const end = xml.indexOf('>', open);
      if (end < 0) throw new Error('Unclosed tag in the XML.');
      const selfClosing = xml[end - 1] === '/';
      const body = xml.slice(open + 1, selfClosing ? end - 1 : end);
      const nameEnd = body.search(/[\s/]|$/);
      const element: TXmlElement = { name: localName(body.slice(0, nameEnd)), attributes: {}, children: [], text: '' };
      for (const match of body.slice(nameEnd).matchAll(ATTRIBUTE)) {
        element.attributes[localName(match[1]!)] = decodeEntities(match[3] ?? match[4] ?? '');
      }
      current.children.push(element);
      if (!selfClosing) stack.push(element);
      at = end + 1;
    }
  }
  if (stack.length !== 1) throw new Error(`Unclosed <${stack[stack.length - 1]!.name}> in the XML.`);
  const root = top.children[0];
  if (!root) throw new Error('The XML has no root element.');
  return root;
}
