// Bit-level reading and writing for FLAC frames: big-endian, most significant bit first. Values up
// to 32 bits are plain numbers built by multiplication, so nothing wraps at 2^31.

/** Thrown when a frame runs past the bytes at hand: the caller reads more of the file and retries. */
export class OutOfData extends Error {
  constructor() {
    super("flac: frame runs past the bytes at hand");
  }
}

export class BitReader {
  /** The position in bits from the start of `bytes`. */
  pos: number;

  constructor(
    private readonly bytes: Uint8Array,
    byteOffset = 0,
  ) {
    this.pos = byteOffset * 8;
  }

  get bytePos(): number {
    return this.pos >>> 3;
  }

  readUint(n: number): number {
    let value = 0;
    while (n > 0) {
      const byte = this.bytes[this.pos >>> 3];
      if (byte === undefined) throw new OutOfData();
      const used = this.pos & 7;
      const avail = 8 - used;
      const take = avail < n ? avail : n;
      value = value * (1 << take) + ((byte >>> (avail - take)) & ((1 << take) - 1));
      this.pos += take;
      n -= take;
    }
    return value;
  }

  readSigned(n: number): number {
    if (n === 0) return 0;
    const value = this.readUint(n);
    return value >= 2 ** (n - 1) ? value - 2 ** n : value;
  }

  /** The count of zero bits before the next one bit (which is consumed). */
  readUnary(): number {
    let count = 0;
    for (;;) {
      const byte = this.bytes[this.pos >>> 3];
      if (byte === undefined) throw new OutOfData();
      const used = this.pos & 7;
      const rest = (byte << used) & 0xff;
      if (rest === 0) {
        count += 8 - used;
        this.pos += 8 - used;
        continue;
      }
      const zeros = Math.clz32(rest) - 24;
      this.pos += zeros + 1;
      return count + zeros;
    }
  }

  alignToByte() {
    this.pos = (this.pos + 7) & ~7;
  }
}

export class BitWriter {
  private bytes: Uint8Array;
  private length = 0;
  /** Fewer than 8 bits wait here between writes, so a write of up to 23 bits fits in 31. */
  private acc = 0;
  private accBits = 0;

  constructor(capacity = 1 << 16) {
    this.bytes = new Uint8Array(capacity);
  }

  private grow() {
    const grown = new Uint8Array(this.bytes.length * 2);
    grown.set(this.bytes);
    this.bytes = grown;
  }

  /** Writes the low `n` bits (n ≤ 32) of a non-negative value below 2^n. */
  writeUint(value: number, n: number) {
    if (n > 23) {
      // Split wide values: 16 low bits after the rest.
      this.writeUint(Math.floor(value / 65536), n - 16);
      this.writeUint(value % 65536, 16);
      return;
    }
    this.acc = (this.acc << n) | value;
    this.accBits += n;
    while (this.accBits >= 8) {
      this.accBits -= 8;
      if (this.length === this.bytes.length) this.grow();
      this.bytes[this.length++] = (this.acc >>> this.accBits) & 0xff;
    }
    this.acc &= (1 << this.accBits) - 1;
  }

  writeSigned(value: number, n: number) {
    this.writeUint(value < 0 ? value + 2 ** n : value, n);
  }

  /** `count` zero bits, then a one. */
  writeUnary(count: number) {
    while (count >= 16) {
      this.writeUint(0, 16);
      count -= 16;
    }
    this.writeUint(1, count + 1);
  }

  alignToByte() {
    if (this.accBits > 0) this.writeUint(0, 8 - this.accBits);
  }

  /** Whole bytes written so far (the writer must be byte-aligned for a CRC over them). */
  view(): Uint8Array {
    return this.bytes.subarray(0, this.length);
  }
}
