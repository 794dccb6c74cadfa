// A source map of Cairn's own code. esbuild maps every bundled package too, and Node holds each
// mapping as an object once a stack trace is mapped: about 106 MB for the server's bundle, which
// every full garbage collection then walks. Kept to Cairn's sources it is about 7 MB, and a frame
// in a package shows its place in the bundle instead.
import { readFile, writeFile } from 'node:fs/promises';
import { decode, encode } from '@jridgewell/sourcemap-codec';

export async function keepOwnMappings(mapFile) {
  const map = JSON.parse(await readFile(mapFile, 'utf8'));
  const own = map.sources.map((source) => !source.split('/').includes('node_modules'));
  // Node maps a position to the segment before it, even one on an earlier line: where a package's
  // code starts, a segment without a source ends the mapped code before it.
  let mapped = false;
  const lines = decode(map.mappings).map((line) => {
    const kept = [];
    for (const segment of line) {
      if (segment.length > 1 && own[segment[1]]) {
        kept.push(segment);
        mapped = true;
      } else if (mapped) {
        kept.push([segment[0]]);
        mapped = false;
      }
    }
    return kept;
  });
  map.mappings = encode(lines);
  if (map.sourcesContent) map.sourcesContent = map.sourcesContent.map((content, i) => (own[i] ? content : null));
  await writeFile(mapFile, JSON.stringify(map));
}
