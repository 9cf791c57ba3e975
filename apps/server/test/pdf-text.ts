/** The text of every page of a PDF, as pdf.js reads it: proves the file parses and what it says. */
export async function pdfText(bytes: Buffer | Uint8Array) {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const loading = getDocument({
    data: new Uint8Array(bytes),
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
  });
  try {
    const document = await loading.promise;
    const pages: string[] = [];
    for (let number = 1; number <= document.numPages; number += 1) {
      const content = await (await document.getPage(number)).getTextContent();
      pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
    }
    return { pages: document.numPages, text: pages.join('\n').replace(/\s+/g, ' ') };
  } finally {
    await loading.destroy();
  }
}
