/**
 * LASzip's adaptive models (the arithmetic coder of Amir Said, with periodic updates): the same for
 * the encoder and the decoder, so both sides of the format share them. The viewer and the server
 * decode the chunk table with them (laz-chunks.ts); the test fixtures' LAZ writer encodes with
 * them (apps/web …/point-cloud/test/laz-writer.ts). The names follow the format's description.
 */

export const AC_MIN_LENGTH = 0x01000000;
export const AC_MAX_LENGTH = 0xffffffff;
export const BM_LENGTH_SHIFT = 13;
const BM_MAX_COUNT = 1 << BM_LENGTH_SHIFT;
export const DM_LENGTH_SHIFT = 15;
const DM_MAX_COUNT = 1 << DM_LENGTH_SHIFT;

/** An adaptive model over `symbols` symbols. */
export class SymbolModel {
  readonly distribution: Uint32Array;
  readonly counts: Uint32Array;
  readonly symbols: number;
  totalCount = 0;
  updateCycle: number;
  untilUpdate = 0;

  constructor(symbols: number) {
    this.symbols = symbols;
    this.distribution = new Uint32Array(symbols);
    this.counts = new Uint32Array(symbols).fill(1);
    this.updateCycle = symbols;
    this.update();
    this.updateCycle = (symbols + 6) >> 1;
    this.untilUpdate = this.updateCycle;
  }

  update() {
    this.totalCount += this.updateCycle;
    if (this.totalCount > DM_MAX_COUNT) {
      this.totalCount = 0;
      for (let n = 0; n < this.symbols; n += 1) {
        this.counts[n] = (this.counts[n]! + 1) >>> 1;
        this.totalCount += this.counts[n]!;
      }
    }
    const scale = Math.floor(0x80000000 / this.totalCount);
    let sum = 0;
    for (let k = 0; k < this.symbols; k += 1) {
      this.distribution[k] = Math.imul(scale, sum) >>> (31 - DM_LENGTH_SHIFT);
      sum += this.counts[k]!;
    }
    this.updateCycle = Math.min((5 * this.updateCycle) >> 2, (this.symbols + 6) << 3);
    this.untilUpdate = this.updateCycle;
  }
}

/** An adaptive model of one bit. */
export class BitModel {
  bit0Count = 1;
  bitCount = 2;
  bit0Prob = 1 << (BM_LENGTH_SHIFT - 1);
  updateCycle = 4;
  untilUpdate = 4;

  update() {
    this.bitCount += this.updateCycle;
    if (this.bitCount > BM_MAX_COUNT) {
      this.bitCount = (this.bitCount + 1) >>> 1;
      this.bit0Count = (this.bit0Count + 1) >>> 1;
      if (this.bit0Count === this.bitCount) this.bitCount += 1;
    }
    this.bit0Prob = Math.imul(this.bit0Count, Math.floor(0x80000000 / this.bitCount)) >>> (31 - BM_LENGTH_SHIFT);
    this.updateCycle = Math.min((5 * this.updateCycle) >> 2, 64);
    this.untilUpdate = this.updateCycle;
  }
}
