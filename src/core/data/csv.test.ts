import { describe, expect, it } from 'vitest';
import { neutraliseCell, parseCsv, toCsv } from './csv';

describe('parseCsv', () => {
  it('reads quoted fields with commas, doubled quotes and line breaks, a BOM and CRLF', () => {
    const t = parseCsv('\ufeffa,b,c\r\n1,"x, y","say ""hi"""\r\n2,"two\r\nlines",\r\n\r\n3,,z');
    expect(t.header).toEqual(['a', 'b', 'c']);
    expect(t.rows).toEqual([
      { line: 2, cells: ['1', 'x, y', 'say "hi"'] },
      { line: 3, cells: ['2', 'two\nlines', ''] },
      { line: 6, cells: ['3', '', 'z'] },
    ]);
    expect(t.unterminatedAt).toBeNull();
  });

  it('takes the delimiter the header uses', () => {
    expect(parseCsv('a;b\n"1;2";3').rows[0].cells).toEqual(['1;2', '3']);
    expect(parseCsv('a\tb\n1\t2').rows[0].cells).toEqual(['1', '2']);
  });

  it('says where a quoted field is left open', () => {
    expect(parseCsv('a,b\n1,2\n3,"open\n4,5').unterminatedAt).toBe(3);
  });

  it('stops reading past the row cap', () => {
    const t = parseCsv(`a\n${'1\n'.repeat(20)}`, { maxRows: 10 });
    expect(t.tooManyRows).toBe(true);
    expect(t.rows).toHaveLength(10);
    expect(parseCsv(`a\n${'1\n'.repeat(10)}`, { maxRows: 10 }).tooManyRows).toBe(false);
  });
});

describe('toCsv', () => {
  it('neutralises cells a spreadsheet would run as formulas, keeps numbers', () => {
    for (const bad of ['=1+1', '+1', '-2', '@SUM(A1)', '\tx', '\rx']) expect(neutraliseCell(bad)).toBe(`'${bad}`);
    expect(neutraliseCell('Bench press')).toBe('Bench press');
    const csv = toCsv(
      ['name', 'kg'],
      [
        ['=HYPERLINK("http://evil")', -5],
        ['a,b', null],
      ],
    );
    expect(csv).toBe('\ufeffname,kg\r\n"\'=HYPERLINK(""http://evil"")",-5\r\n"a,b",\r\n');
    expect(parseCsv(csv).rows.map((r) => r.cells)).toEqual([
      ['\'=HYPERLINK("http://evil")', '-5'],
      ['a,b', ''],
    ]);
  });
});
