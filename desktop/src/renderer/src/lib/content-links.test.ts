import { describe, expect, it } from 'vitest';
import { dagFolderPath, dagPath, downloadUrl, gatewayUrl, joinPath, shortCid } from './content-links';

const CID = 'bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi';

describe('content links', () => {
  it('shortens long CIDs to head and tail and keeps short ones whole', () => {
    expect(shortCid(CID)).toBe('bafybeigdy…5fbzdi');
    expect(shortCid('bafkshort')).toBe('bafkshort');
  });

  it('points at the gateway, with each path segment encoded', () => {
    expect(gatewayUrl('https://cairn.example', CID)).toBe(`https://cairn.example/ipfs/${CID}`);
    expect(gatewayUrl('', CID, 'docs/my notes.md')).toBe(`/ipfs/${CID}/docs/my%20notes.md`);
  });

  it('asks the gateway for a download under the record name', () => {
    expect(downloadUrl('', CID, 'report 1.pdf')).toBe(`/ipfs/${CID}?download=1&filename=report+1.pdf`);
    expect(dagPath(CID)).toBe(`/dag/${CID}`);
  });

  it('opens the DAG viewer on a folder under the root, and joins entry paths', () => {
    expect(dagFolderPath(CID, '')).toBe(`/dag/${CID}`);
    expect(dagFolderPath(CID, 'docs/my notes')).toBe(`/dag/${CID}?path=docs%2Fmy+notes`);
    expect(joinPath('', 'a.txt')).toBe('a.txt');
    expect(joinPath('docs/a', 'b.txt')).toBe('docs/a/b.txt');
  });
});
