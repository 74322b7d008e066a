// Unit tests of the journal/snapshot record format: round trip, and reading stops at a torn
// or corrupt record while keeping every record before it.
import { Binary, Long, ObjectId } from './bson.js';
import { describe, expect, it } from 'vitest';
import { decodeRecords, encodeRecord } from './record-file.js';

describe('record file format', () => {
  const first = [{ o: 'put', doc: { _id: new ObjectId(), n: Long.fromString('9007199254740993') } }];
  const second = [
    { o: 'put', doc: { _id: 2, bin: new Binary(Buffer.from([1, 2, 3])) } },
    { o: 'del', id: 1 },
  ];
  const file = Buffer.concat([encodeRecord(first), encodeRecord(second)]);

  it('round-trips records and keeps BSON types', () => {
    const { records, validLength } = decodeRecords(file);
    expect(validLength).toBe(file.length);
    expect(records).toHaveLength(2);
    expect(records[0]?.[0]?.doc.n).toBeInstanceOf(Long);
    expect(records[1]).toHaveLength(2);
    expect(records[1]?.[0]?.doc.bin).toBeInstanceOf(Binary);
  });

  it('stops at a torn last record', () => {
    for (let cut = 1; cut < encodeRecord(second).length; cut += 7) {
      const torn = file.subarray(0, file.length - cut);
      const { records, validLength } = decodeRecords(torn);
      expect(records).toHaveLength(1);
      expect(validLength).toBe(encodeRecord(first).length);
    }
  });

  it('stops at a record whose checksum does not match', () => {
    const corrupt = Buffer.from(file);
    corrupt[corrupt.length - 3] = (corrupt[corrupt.length - 3] ?? 0) ^ 0xff;
    const { records, validLength } = decodeRecords(corrupt);
    expect(records).toHaveLength(1);
    expect(validLength).toBe(encodeRecord(first).length);
  });
});
