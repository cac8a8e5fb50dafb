// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { downloadCsv } from './csv-exports';

afterEach(() => vi.restoreAllMocks());

describe('downloadCsv', () => {
  it('hands the browser a UTF-8 file with the given name', async () => {
    const blobs: Blob[] = [];
    // jsdom has no object URLs.
    const create = vi.fn((b: Blob) => {
      blobs.push(b);
      return 'blob:x';
    });
    Object.defineProperty(URL, 'createObjectURL', { configurable: true, value: create });
    Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: vi.fn() });
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    downloadCsv('donations-campaign-abc-2026-03-07.csv', 'a,b');
    expect(names).toEqual(['donations-campaign-abc-2026-03-07.csv']);
    expect(blobs[0]?.type).toBe('text/csv;charset=utf-8');
    const bytes = await new Promise<Uint8Array>((resolve) => {
      const reader = new FileReader();
      reader.onload = () =>
        resolve(new Uint8Array(reader.result instanceof ArrayBuffer ? reader.result : new ArrayBuffer(0)));
      if (blobs[0]) reader.readAsArrayBuffer(blobs[0]);
    });
    // The UTF-8 byte-order mark, then the text.
    expect([...bytes]).toEqual([0xef, 0xbb, 0xbf, 0x61, 0x2c, 0x62]);
  });
});
