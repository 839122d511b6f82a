import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { readZip, writeZip } from './zip';

/** A one-file zip with a deflated entry (or one marked with another method), as zip tools write it (made by hand around Node's deflate). */
function deflatedZip(path: string, content: string, method = 8): ArrayBuffer {
  const name = Buffer.from(path);
  const data = deflateRawSync(Buffer.from(content));
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(method, 8);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(content.length, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(method, 10);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(content.length, 24);
  central.writeUInt16LE(name.length, 28);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(46 + name.length, 12);
  end.writeUInt32LE(30 + name.length + data.length, 16);
  const bytes = Buffer.concat([local, name, data, central, name, end]);
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length);
}

describe('template zips', () => {
  it('read back what they write, names and contents exactly', async () => {
    const entries = [
      { path: 'templates/api/scaffold.yaml', content: 'features: []\n' },
      { path: 'templates/api/src/Ünïcode.ts.liquid', content: 'export const x = "{{ name }}";\n' },
    ];
    const blob = writeZip(entries);
    expect(readZip(await blob.arrayBuffer())).toEqual(entries);
  });

  it('read deflated entries and refuse what is not a zip', () => {
    const text = 'boilerplate: []\n'.repeat(50);
    expect(readZip(deflatedZip('templates/x/scaffold.yaml', text))).toEqual([
      { path: 'templates/x/scaffold.yaml', content: text },
    ]);
    expect(() => readZip(new TextEncoder().encode('not a zip').buffer as ArrayBuffer)).toThrow(
      'This file is not a zip archive.',
    );
  });

  it('leave folder entries out and name a compression they cannot read', async () => {
    const withFolder = writeZip([
      { path: 'templates/x/', content: '' },
      { path: 'templates/x/scaffold.yaml', content: 'features: []\n' },
    ]);
    expect(readZip(await withFolder.arrayBuffer())).toEqual([
      { path: 'templates/x/scaffold.yaml', content: 'features: []\n' },
    ]);
    expect(() => readZip(deflatedZip('templates/x/a.txt', 'a', 12))).toThrow(
      'The zip archive uses a compression this page cannot read (unknown compression type 12).',
    );
  });
});
