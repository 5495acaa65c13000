/**
 * A reader for R's saved data (`.rda`, `.rds`: R's serialization format, version 2 or 3, XDR),
 * enough for data frames of strings, numbers and factors, so that the extraction script reads
 * a CRAN data package's tables without R. Decompression: gzip here, xz through the `xz`
 * command (Debian's xz-utils), bzip2 through `bzip2`.
 */
import { execFileSync } from 'node:child_process';
import { gunzipSync } from 'node:zlib';

/** The bytes of a saved R file, decompressed. */
function decompress(bytes) {
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) return gunzipSync(bytes);
  if (bytes.subarray(0, 6).toString('latin1') === '\xfd7zXZ\x00')
    return execFileSync('xz', ['-dc'], { input: bytes, maxBuffer: 1 << 30 });
  if (bytes.subarray(0, 3).toString('latin1') === 'BZh')
    return execFileSync('bzip2', ['-dc'], { input: bytes, maxBuffer: 1 << 30 });
  return bytes;
}

const NIL = Symbol('NULL');

class Reader {
  constructor(buffer) {
    this.buffer = buffer;
    this.at = 0;
    this.refs = [];
  }
  int() {
    const value = this.buffer.readInt32BE(this.at);
    this.at += 4;
    return value;
  }
  double() {
    const value = this.buffer.readDoubleBE(this.at);
    this.at += 8;
    return value;
  }
  length() {
    const n = this.int();
    if (n !== -1) return n;
    const high = this.int();
    const low = this.int();
    return high * 2 ** 32 + low;
  }
  string() {
    const n = this.int();
    if (n === -1) return null;
    const text = this.buffer.toString('utf8', this.at, this.at + n);
    this.at += n;
    return text;
  }
  /** One item; attributes are kept on the result's `attributes` (a plain object). */
  item() {
    const flags = this.int();
    const type = flags & 0xff;
    const hasAttributes = (flags & (1 << 9)) !== 0;
    const hasTag = (flags & (1 << 10)) !== 0;
    switch (type) {
      case 254: // NILVALUE_SXP
        return NIL;
      case 242: // EMPTYENV_SXP
      case 241: // BASEENV_SXP
      case 253: // GLOBALENV_SXP
      case 252: // UNBOUNDVALUE_SXP
      case 251: // MISSINGARG_SXP
      case 250: // BASENAMESPACE_SXP
        return { environment: type };
      case 255: {
        // REFSXP
        let index = flags >> 8;
        if (index === 0) index = this.int();
        return this.refs[index - 1];
      }
      case 247: // PERSISTSXP
      case 249: // NAMESPACESXP
      case 248: {
        // PACKAGESXP
        const value = { persistent: this.item() };
        this.refs.push(value);
        return value;
      }
      case 1: {
        // SYMSXP
        const symbol = { symbol: this.item() };
        this.refs.push(symbol);
        return symbol;
      }
      case 4: {
        // ENVSXP
        const env = {};
        this.refs.push(env);
        this.int(); // locked
        env.enclosure = this.item();
        env.frame = this.item();
        env.hashtab = this.item();
        env.attributes = this.item();
        return env;
      }
      case 2: // LISTSXP
      case 6: // LANGSXP
      case 3: // CLOSXP
      case 5: // PROMSXP
      case 17: // DOTSXP
      case 239: // ATTRLISTSXP
      case 240: {
        // ATTRLANGSXP
        const attributes = hasAttributes ? this.item() : NIL;
        const tag = hasTag ? this.item() : NIL;
        const car = this.item();
        const cdr = this.item();
        return { pair: true, tag, car, cdr, attributes };
      }
      case 9: // CHARSXP
        return this.string();
      case 10: // LGLSXP
      case 13: {
        // INTSXP
        const n = this.length();
        const values = new Array(n);
        for (let i = 0; i < n; i += 1) {
          const v = this.int();
          values[i] = v === -2147483648 ? null : v;
        }
        return this.withAttributes(values, hasAttributes);
      }
      case 14: {
        // REALSXP
        const n = this.length();
        const values = new Array(n);
        for (let i = 0; i < n; i += 1) values[i] = this.double();
        return this.withAttributes(values, hasAttributes);
      }
      case 16: {
        // STRSXP
        const n = this.length();
        const values = new Array(n);
        for (let i = 0; i < n; i += 1) values[i] = this.item();
        return this.withAttributes(values, hasAttributes);
      }
      case 19: // VECSXP
      case 20: {
        // EXPRSXP
        const n = this.length();
        const values = new Array(n);
        for (let i = 0; i < n; i += 1) values[i] = this.item();
        return this.withAttributes(values, hasAttributes);
      }
      case 238: {
        // ALTREP_SXP: the class's name, its state, its attributes
        const info = this.item();
        const state = this.item();
        const attributes = this.item();
        const name = info.pair ? info.car.symbol : undefined;
        let values;
        if (name === 'compact_intseq' || name === 'compact_realseq') {
          const [n, start, step] = state;
          values = Array.from({ length: n }, (_, i) => start + i * step);
        } else if (name === 'deferred_string') {
          values = (state.pair ? state.car : state).map((v) => (v === null ? null : String(v)));
        } else if (name && name.startsWith('wrap_')) {
          values = state.car ?? state[0];
        } else {
          throw new Error(`Unsupported ALTREP class ${String(name)}`);
        }
        if (attributes !== NIL) values.attributes = pairlistToObject(attributes);
        return values;
      }
      default:
        throw new Error(`Unsupported R type ${type} at byte ${this.at}`);
    }
  }
  withAttributes(values, hasAttributes) {
    if (hasAttributes) values.attributes = pairlistToObject(this.item());
    return values;
  }
}

/** A pairlist as an object keyed by its tags. */
function pairlistToObject(list) {
  const result = {};
  for (let cell = list; cell && cell !== NIL && cell.pair; cell = cell.cdr) {
    result[cell.tag?.symbol ?? ''] = cell.car;
  }
  return result;
}

/** A data frame's columns as arrays of plain values (factors as their level strings). */
export function dataFrameRows(frame) {
  const names = frame.attributes?.names ?? [];
  const columns = frame.map((column) => {
    const levels = column.attributes?.levels;
    return levels ? column.map((i) => (i === null ? null : levels[i - 1])) : column;
  });
  const n = columns[0]?.length ?? 0;
  const rows = [];
  for (let i = 0; i < n; i += 1) {
    const row = {};
    names.forEach((name, j) => {
      row[name] = columns[j][i];
    });
    rows.push(row);
  }
  return rows;
}

/** The objects of an `.rda` file, by name. */
export function readRda(bytes) {
  const data = decompress(bytes);
  const magic = data.subarray(0, 5).toString('latin1');
  if (magic !== 'RDX2\n' && magic !== 'RDX3\n') throw new Error(`Not an .rda file (${magic})`);
  if (data.subarray(5, 7).toString('latin1') !== 'X\n') throw new Error('Only XDR .rda files');
  const reader = new Reader(data);
  reader.at = 7;
  const version = reader.int();
  reader.int(); // the R version that wrote it
  reader.int(); // the oldest R version that reads it
  if (version === 3) reader.string(); // native encoding
  return pairlistToObject(reader.item());
}
