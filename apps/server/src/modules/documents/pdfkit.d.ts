/**
 * The part of pdfkit's API the document renderer and the provider statement use (pdfkit ships JavaScript without types).
 * https://pdfkit.org/docs/getting_started.html
 */
declare module 'pdfkit' {
  type TTextOptions = {
    width?: number;
    align?: 'left' | 'right' | 'center';
    continued?: boolean;
    lineGap?: number;
    lineBreak?: boolean;
  };
  export default class PDFDocument {
    constructor(options?: {
      size?: string;
      margin?: number;
      info?: { Title?: string; Author?: string; Subject?: string; CreationDate?: Date };
      compress?: boolean;
    });
    x: number;
    y: number;
    page: { width: number; height: number; margins: { top: number; bottom: number; left: number; right: number } };
    font(name: string): this;
    registerFont(name: string, source: Buffer | string): this;
    fontSize(size: number): this;
    fillColor(color: string, opacity?: number): this;
    strokeColor(color: string): this;
    lineWidth(width: number): this;
    text(text: string, x?: number, y?: number, options?: TTextOptions): this;
    text(text: string, options?: TTextOptions): this;
    heightOfString(text: string, options?: TTextOptions): number;
    moveDown(lines?: number): this;
    moveTo(x: number, y: number): this;
    lineTo(x: number, y: number): this;
    stroke(): this;
    addPage(): this;
    on(event: 'data', listener: (chunk: Buffer) => void): this;
    on(event: 'end', listener: () => void): this;
    on(event: 'error', listener: (error: Error) => void): this;
    end(): void;
  }
}
